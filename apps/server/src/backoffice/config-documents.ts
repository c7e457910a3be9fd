import type { Kysely } from 'kysely';
import type { z } from 'zod/mini';
import type { GameDatabase } from '../database';
import { prepareQuery } from '../platform/db/prepared-query';
import { type AdminLogRecord, appendAdminLog, editData } from './admin-log';

/*
 * Configuration documents (config/<id>): read through the owning domain's schema, so a document
 * written by an older version still parses or falls back to the domain's defaults.
 */

/** Read on hot paths (every checkout reads the merch settings): compiled once per database handle. */
const documentById = prepareQuery((db: Kysely<GameDatabase>, params: { configID: string }) =>
  db.selectFrom('config_documents').select('data').where('config_id', '=', params.configID),
);

/** The document `configID`, parsed by `schema`; `fallback` when it was never written or no longer parses. */
export async function readConfigDocument<Schema extends z.ZodMiniType>(
  db: Kysely<GameDatabase>,
  configID: string,
  schema: Schema,
  fallback: z.output<Schema>,
): Promise<z.output<Schema>> {
  const [row] = await documentById(db, { configID });
  if (!row) return fallback;
  const parsed = schema.safeParse(JSON.parse(row.data));
  return parsed.success ? parsed.data : fallback;
}

/**
 * Replaces the document in one transaction that first appends the admin-log entry, with the
 * document as it was (`fallback`, the defaults its reader answers, when it was never written), so
 * the log shows the settings that changed as before → after.
 */
export async function writeConfigDocument(
  db: Kysely<GameDatabase>,
  configID: string,
  data: Record<string, unknown>,
  log: Omit<AdminLogRecord, 'data'>,
  fallback: Readonly<Record<string, unknown>> = {},
): Promise<void> {
  const updatedAt = (log.now ?? new Date()).toISOString();
  await db.transaction().execute(async (trx) => {
    const stored = await trx
      .selectFrom('config_documents')
      .select('data')
      .where('config_id', '=', configID)
      .executeTakeFirst();
    const before = stored ? (JSON.parse(stored.data) as Record<string, unknown>) : fallback;
    await appendAdminLog(trx, { ...log, data: editData({ configID }, before, data) });
    await trx
      .insertInto('config_documents')
      .values({ config_id: configID, data: JSON.stringify(data), updated_at: updatedAt })
      .onConflict((conflict) =>
        conflict.column('config_id').doUpdateSet({ data: JSON.stringify(data), updated_at: updatedAt }),
      )
      .execute();
  });
}

/** Writes the document unless one is there: a demo seed never overwrites what an admin saved. */
export async function seedConfigDocument(
  db: Kysely<GameDatabase>,
  configID: string,
  data: Record<string, unknown>,
  now: Date,
): Promise<void> {
  await db
    .insertInto('config_documents')
    .values({ config_id: configID, data: JSON.stringify(data), updated_at: now.toISOString() })
    .onConflict((conflict) => conflict.column('config_id').doNothing())
    .execute();
}
