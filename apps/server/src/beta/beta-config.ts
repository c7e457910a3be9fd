import { BETA_CONFIG_ID, type BetaConfig, betaConfigSchema, DEFAULT_BETA_CONFIG } from '@outpost/contracts/beta';
import type { Kysely } from 'kysely';
import { type AdminChange, adminLogRecord, readConfigDocument, writeConfigDocument } from '../backoffice/index';
import type { GameDatabase } from '../database';
import { BETA_ADMIN_ACTIONS } from './actions';

/** beta-config/v1 (docs/product.md §3.16); the defaults until staff save one, or when a saved one no longer parses. */
export function readBetaConfig(db: Kysely<GameDatabase>): Promise<BetaConfig> {
  return readConfigDocument(db, BETA_CONFIG_ID, betaConfigSchema, DEFAULT_BETA_CONFIG);
}

/** Replaces beta-config/v1, its admin-log entry first in the same transaction. */
export async function writeBetaConfig(
  db: Kysely<GameDatabase>,
  config: BetaConfig,
  context: AdminChange,
): Promise<BetaConfig> {
  // writeConfigDocument logs the document itself as the entry's data.
  const { data: _none, ...log } = adminLogRecord(context, BETA_ADMIN_ACTIONS.updateConfig, {});
  await writeConfigDocument(db, BETA_CONFIG_ID, { ...config }, log, DEFAULT_BETA_CONFIG);
  return config;
}
