import {
  DEFAULT_PARTNERS_CONFIG,
  PARTNERS_CONFIG_ID,
  type PartnersConfig,
  partnersConfigSchema,
} from '@outpost/contracts/partners';
import type { Kysely } from 'kysely';
import { type AdminChange, adminLogRecord, readConfigDocument, writeConfigDocument } from '../backoffice/index';
import type { GameDatabase } from '../database';
import { PARTNER_ADMIN_ACTIONS } from './actions';
import { findReward, RewardNotFoundError } from './rewards';

/**
 * config/partners (docs/product.md §3.16); the defaults until an admin saves one, or when a saved one no
 * longer parses.
 */
export function readPartnersConfig(db: Kysely<GameDatabase>): Promise<PartnersConfig> {
  return readConfigDocument(db, PARTNERS_CONFIG_ID, partnersConfigSchema, DEFAULT_PARTNERS_CONFIG);
}

/** Replaces config/partners, its admin-log entry first; the default reward must exist. */
export async function writePartnersConfig(
  db: Kysely<GameDatabase>,
  config: PartnersConfig,
  context: AdminChange,
): Promise<PartnersConfig> {
  if (!(await findReward(db, config.defaultRewardID))) throw new RewardNotFoundError(config.defaultRewardID);
  // writeConfigDocument logs the document itself as the entry's data.
  const { data: _none, ...log } = adminLogRecord(context, PARTNER_ADMIN_ACTIONS.updateConfig, {});
  await writeConfigDocument(db, PARTNERS_CONFIG_ID, { ...config }, log, DEFAULT_PARTNERS_CONFIG);
  return config;
}
