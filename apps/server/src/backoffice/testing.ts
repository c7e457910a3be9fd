import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';

/** An admin-log entry as a test reads it: who made it and its data. */
export interface LoggedEntry {
  admin: string;
  data: Record<string, unknown>;
}

/** The environment's admin-log entries of `action`, newest first: what a test of a route's change checks. */
export async function loggedEntries(db: Kysely<GameDatabase>, action: string): Promise<LoggedEntry[]> {
  const rows = await db
    .selectFrom('admin_log')
    .select(['admin', 'data'])
    .where('action', '=', action)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({ admin: row.admin, data: JSON.parse(row.data) as Record<string, unknown> }));
}
