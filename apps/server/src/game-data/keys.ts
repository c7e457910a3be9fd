import { createHash, randomBytes } from 'node:crypto';
import type { IngestKey } from '@outpost/contracts/game-data';
import type { Kysely } from 'kysely';
import { v7 as timeOrderedId } from 'uuid';
import { type AdminChange, adminLogRecord, appendAdminLog } from '../backoffice/index';
import type { GameDatabase } from '../database';
import type { StoredKeyUse } from '../platform/http/service-key';
import type { IngestKeyTable } from './tables';

/*
 * The game servers' service keys of an environment (docs/decisions/0044-service-keys.md): admins create, name, list
 * and revoke them. A key's secret is 32 random bytes, shown once when it is made; the store keeps
 * only its SHA-256 (a secret that random needs no slow hash to resist guessing) and a few first
 * characters to tell keys apart. A key's last use is written at most once a minute, so a busy game
 * server does not turn every batch into a write of its key.
 */

export const INGEST_KEY_ACTIONS = { create: 'ingestKey.create', revoke: 'ingestKey.revoke' } as const;

const SECRET_PREFIX = 'opk_';
/** Characters of the secret kept in the clear, prefix included. */
const SHOWN_CHARACTERS = 12;
const LAST_USE_GRANULARITY_MS = 60_000;

export class IngestKeyNotFoundError extends Error {}

/** The digest a key is stored and looked up by. */
export const ingestKeyDigest = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');

const toKey = (row: IngestKeyTable): IngestKey => ({
  keyID: row.key_id,
  name: row.name,
  prefix: row.prefix,
  createdAt: row.created_at,
  createdBy: row.created_by,
  lastUsedAt: row.last_used_at,
  revokedAt: row.revoked_at,
});

/** Every key of the environment, newest first, revoked ones included (they say when). */
export async function listIngestKeys(db: Kysely<GameDatabase>): Promise<IngestKey[]> {
  const rows = await db.selectFrom('ingest_keys').selectAll().orderBy('created_at', 'desc').orderBy('key_id').execute();
  return rows.map(toKey);
}

/** Makes a key; its secret is in the answer and nowhere else. */
export async function createIngestKey(
  db: Kysely<GameDatabase>,
  name: string,
  change: AdminChange,
): Promise<{ key: IngestKey; secret: string }> {
  const secret = `${SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
  const now = (change.now ?? new Date()).toISOString();
  const row: IngestKeyTable = {
    key_id: timeOrderedId(),
    name,
    prefix: secret.slice(0, SHOWN_CHARACTERS),
    digest: ingestKeyDigest(secret),
    created_at: now,
    created_by: change.admin,
    last_used_at: null,
    revoked_at: null,
  };
  await db.transaction().execute(async (trx) => {
    await appendAdminLog(trx, adminLogRecord(change, INGEST_KEY_ACTIONS.create, { keyID: row.key_id, name }));
    await trx.insertInto('ingest_keys').values(row).execute();
  });
  return { key: toKey(row), secret };
}

/** Revokes a key at once (a revoked key stays listed); revoking it again changes nothing. */
export async function revokeIngestKey(
  db: Kysely<GameDatabase>,
  keyID: string,
  change: AdminChange,
): Promise<IngestKey> {
  const now = (change.now ?? new Date()).toISOString();
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('ingest_keys').selectAll().where('key_id', '=', keyID).executeTakeFirst();
    if (!row) throw new IngestKeyNotFoundError();
    if (row.revoked_at !== null) return toKey(row);
    await appendAdminLog(trx, adminLogRecord(change, INGEST_KEY_ACTIONS.revoke, { keyID, name: row.name }));
    const revoked = await trx
      .updateTable('ingest_keys')
      .set({ revoked_at: now })
      .where('key_id', '=', keyID)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toKey(revoked);
  });
}

/** Whether the environment has any key that is not revoked. */
/** The keys made and never used, not revoked: a game server that was never set up with its key (the dashboard's attention list). */
export async function countUnusedIngestKeys(db: Kysely<GameDatabase>): Promise<number> {
  const row = await db
    .selectFrom('ingest_keys')
    .where('revoked_at', 'is', null)
    .where('last_used_at', 'is', null)
    .select((eb) => eb.fn.countAll<string | number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function hasActiveIngestKey(db: Kysely<GameDatabase>): Promise<boolean> {
  const row = await db.selectFrom('ingest_keys').select('key_id').where('revoked_at', 'is', null).executeTakeFirst();
  return row !== undefined;
}

/** What `digest` is among the environment's keys: one in force (its use noted, at most once a minute), one revoked, or none. */
export async function useIngestKey(db: Kysely<GameDatabase>, digest: string, now = new Date()): Promise<StoredKeyUse> {
  const row = await db
    .selectFrom('ingest_keys')
    .select(['key_id', 'last_used_at', 'revoked_at'])
    .where('digest', '=', digest)
    .executeTakeFirst();
  if (!row) return { status: 'unknown' };
  if (row.revoked_at !== null) return { status: 'revoked', revokedAt: row.revoked_at };
  const stale = new Date(now.getTime() - LAST_USE_GRANULARITY_MS).toISOString();
  if (row.last_used_at === null || row.last_used_at < stale) {
    await db
      .updateTable('ingest_keys')
      .set({ last_used_at: now.toISOString() })
      .where('key_id', '=', row.key_id)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', stale)]))
      .execute();
  }
  return { status: 'in-force' };
}
