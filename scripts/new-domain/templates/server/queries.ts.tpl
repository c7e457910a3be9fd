import type { AdminListPage } from '@outpost/contracts/admin-list';
import {
  __CONST___ADMIN_ACTIONS,
} from '@outpost/contracts/__kebab__/contract';
import type {
  __Pascal__Entry,
  __Pascal__ListQuery,
  __Pascal__PublicEntry,
  Create__Pascal__EntryInput,
  Update__Pascal__EntryInput,
} from '@outpost/contracts/__kebab__/schemas';
import type { Kysely } from 'kysely';
import { type AdminChange, adminLogRecord, appendAdminLog } from '../backoffice/index';
import type { GameDatabase } from '../database';
import { isUniqueViolation } from '../platform/db/errors';
import { fetchListPage } from '../platform/db/list-page';
import { containsText } from '../platform/db/text-search';
import type { __Pascal__EntryRow } from './tables';

/* Every read and write of __words__ entries; each admin change appends its admin-log entry in its transaction. */

export class __Pascal__EntryExistsError extends Error {
  constructor(readonly entryID: string) {
    super(`The __words__ entry ${entryID} already exists.`);
  }
}

export class __Pascal__EntryNotFoundError extends Error {
  constructor(readonly entryID: string) {
    super(`There is no __words__ entry ${entryID}.`);
  }
}

export function to__Pascal__Entry(row: __Pascal__EntryRow): __Pascal__Entry {
  return {
    entryID: row.entry_id,
    name: row.name,
    score: row.score,
    playerID: row.player_id,
    endsAt: row.ends_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function toPublic__Pascal__Entry(row: Pick<__Pascal__EntryRow, 'entry_id' | 'name' | 'score' | 'ends_at'>): __Pascal__PublicEntry {
  return { entryID: row.entry_id, name: row.name, score: row.score, endsAt: row.ends_at };
}

/** The entries players see: those not ended at `now`, highest score first. */
export async function listRunning__Pascal__Entries(db: Kysely<GameDatabase>, now: Date): Promise<__Pascal__PublicEntry[]> {
  const rows = await db
    .selectFrom('__snake___entries')
    .select(['entry_id', 'name', 'score', 'ends_at'])
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now.toISOString())]))
    .orderBy('score', 'desc')
    .orderBy('entry_id')
    .execute();
  return rows.map(toPublic__Pascal__Entry);
}

/** One running entry as players see it, or null (ended, deleted or never there). */
export async function findRunning__Pascal__Entry(
  db: Kysely<GameDatabase>,
  entryID: string,
  now: Date,
): Promise<__Pascal__PublicEntry | null> {
  const row = await db.selectFrom('__snake___entries').selectAll().where('entry_id', '=', entryID).executeTakeFirst();
  if (!row || (row.ends_at !== null && row.ends_at <= now.toISOString())) return null;
  return toPublic__Pascal__Entry(row);
}

export async function find__Pascal__Entry(db: Kysely<GameDatabase>, entryID: string): Promise<__Pascal__Entry | null> {
  const row = await db.selectFrom('__snake___entries').selectAll().where('entry_id', '=', entryID).executeTakeFirst();
  return row ? to__Pascal__Entry(row) : null;
}

const SORTS = { updatedAt: 'updated_at', score: 'score', name: 'name' } as const;

/** One page of every entry (the admin list protocol). */
export async function list__Pascal__Entries(
  db: Kysely<GameDatabase>,
  query: __Pascal__ListQuery,
): Promise<AdminListPage<__Pascal__Entry>> {
  let filtered = db.selectFrom('__snake___entries');
  if (query.q) filtered = filtered.where(containsText(['name', 'entry_id'], query.q));
  const { rows, ...page } = await fetchListPage(
    filtered,
    filtered.selectAll().orderBy(SORTS[query.sort], query.order).orderBy('entry_id', query.order),
    query,
  );
  return { ...page, rows: rows.map(to__Pascal__Entry) };
}

export async function create__Pascal__Entry(
  db: Kysely<GameDatabase>,
  input: Create__Pascal__EntryInput,
  change: AdminChange,
): Promise<__Pascal__Entry> {
  const at = (change.now ?? new Date()).toISOString();
  const row: __Pascal__EntryRow = {
    entry_id: input.entryID,
    name: input.name,
    score: input.score,
    player_id: input.playerID,
    ends_at: input.endsAt,
    created_at: at,
    updated_at: at,
  };
  try {
    await db.transaction().execute(async (trx) => {
      await appendAdminLog(trx, adminLogRecord(change, __CONST___ADMIN_ACTIONS.create, { ...input }));
      await trx.insertInto('__snake___entries').values(row).execute();
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new __Pascal__EntryExistsError(input.entryID);
    throw error;
  }
  return to__Pascal__Entry(row);
}

/** Saves the whole entry; the last save wins. */
export async function update__Pascal__Entry(
  db: Kysely<GameDatabase>,
  entryID: string,
  input: Update__Pascal__EntryInput,
  change: AdminChange,
): Promise<__Pascal__Entry> {
  const at = (change.now ?? new Date()).toISOString();
  return db.transaction().execute(async (trx) => {
    await appendAdminLog(trx, adminLogRecord(change, __CONST___ADMIN_ACTIONS.update, { entryID, ...input }));
    const row = await trx
      .updateTable('__snake___entries')
      .set({ name: input.name, score: input.score, player_id: input.playerID, ends_at: input.endsAt, updated_at: at })
      .where('entry_id', '=', entryID)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new __Pascal__EntryNotFoundError(entryID);
    return to__Pascal__Entry(row);
  });
}

export async function delete__Pascal__Entry(db: Kysely<GameDatabase>, entryID: string, change: AdminChange): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx.deleteFrom('__snake___entries').where('entry_id', '=', entryID).returningAll().executeTakeFirst();
    if (!row) throw new __Pascal__EntryNotFoundError(entryID);
    await appendAdminLog(trx, adminLogRecord(change, __CONST___ADMIN_ACTIONS.delete, { entryID, name: row.name }));
  });
}

/** Deletes the entries that ended before `now`; answers how many. */
export async function deleteEnded__Pascal__Entries(db: Kysely<GameDatabase>, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('__snake___entries')
    .where('ends_at', 'is not', null)
    .where('ends_at', '<=', now.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A player's entries, for their download. */
export async function listPlayer__Pascal__Entries(db: Kysely<GameDatabase>, playerID: string): Promise<__Pascal__Entry[]> {
  const rows = await db
    .selectFrom('__snake___entries')
    .selectAll()
    .where('player_id', '=', playerID)
    .orderBy('entry_id')
    .execute();
  return rows.map(to__Pascal__Entry);
}

/** Writes the demo entries that are not there; one an admin changed stays as it is. */
export async function seed__Pascal__Entries(
  db: Kysely<GameDatabase>,
  entries: readonly Create__Pascal__EntryInput[],
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  await db
    .insertInto('__snake___entries')
    .values(
      entries.map((entry) => ({
        entry_id: entry.entryID,
        name: entry.name,
        score: entry.score,
        player_id: entry.playerID,
        ends_at: entry.endsAt,
        created_at: at,
        updated_at: at,
      })),
    )
    .onConflict((conflict) => conflict.column('entry_id').doNothing())
    .execute();
}
