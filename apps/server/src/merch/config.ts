import { DEFAULT_MERCH_CONFIG, type MerchConfig, merchConfigSchema } from '@outpost/contracts/merch';
import type { Kysely } from 'kysely';
import { type AdminChange, readConfigDocument, writeConfigDocument } from '../backoffice/index';
import type { GameDatabase } from '../database';

/** config/merch: what merch costs when paid in credits. */
export const MERCH_CONFIG_ID = 'merch';

export function readMerchConfig(db: Kysely<GameDatabase>): Promise<MerchConfig> {
  return readConfigDocument(db, MERCH_CONFIG_ID, merchConfigSchema, DEFAULT_MERCH_CONFIG);
}

export async function writeMerchConfig(
  db: Kysely<GameDatabase>,
  config: MerchConfig,
  context: AdminChange,
): Promise<MerchConfig> {
  await writeConfigDocument(
    db,
    MERCH_CONFIG_ID,
    config,
    {
      action: 'config.update',
      environment: context.environment,
      admin: context.admin,
      ...(context.now ? { now: context.now } : {}),
    },
    DEFAULT_MERCH_CONFIG,
  );
  return config;
}
