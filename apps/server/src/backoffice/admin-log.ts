import type { AdminListPage } from '@outpost/contracts/admin-list';
import type { AdminLogEntry, AdminLogQuery } from '@outpost/contracts/backoffice';
import type { Environment } from '@outpost/contracts/environments';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { fetchListPage } from '../platform/db/list-page';
import { signedInViewer } from '../platform/http/access';
import type { GameDatabase } from '../stores';
import type { AdminLogRow } from './tables';

/** Who makes an admin change, and in which environment: every domain's writes take it. */
export interface AdminChange {
  environment: Environment;
  /** The admin's user id. */
  admin: string;
  now?: Date;
}

/** The change a request makes: its environment, and the signed-in admin its route's policy let through. */
export async function adminChangeOf(request: FastifyRequest, environment: Environment): Promise<AdminChange> {
  const viewer = await signedInViewer(request);
  return { environment, admin: viewer.userId };
}

/** What an admin change records besides its own data (spec §3). */
export interface AdminLogRecord {
  action: string;
  environment: Environment;
  /** The admin's user id. */
  admin: string;
  data: Record<string, unknown>;
  now?: Date;
}

/** The entry of a change `context` makes: its action and data, the change's environment, admin and time. */
export function adminLogRecord(context: AdminChange, action: string, data: Record<string, unknown>): AdminLogRecord {
  return {
    action,
    environment: context.environment,
    admin: context.admin,
    data,
    ...(context.now ? { now: context.now } : {}),
  };
}

/**
 * Appends the entry for a change. Call it with the change's transaction handle, before the
 * change: a change that fails rolls its entry back with it, and one that commits has its entry.
 */
export async function appendAdminLog(trx: Kysely<GameDatabase>, record: AdminLogRecord): Promise<void> {
  await trx
    .insertInto('admin_log')
    .values({
      action: record.action,
      environment: record.environment,
      timestamp: (record.now ?? new Date()).toISOString(),
      admin: record.admin,
      data: JSON.stringify(record.data),
    })
    .execute();
}

function toEntry(row: AdminLogRow): AdminLogEntry {
  return {
    id: Number(row.id),
    action: row.action,
    environment: row.environment as Environment,
    timestamp: row.timestamp,
    admin: row.admin,
    data: JSON.parse(row.data) as Record<string, unknown>,
  };
}

/** One page of the log, filtered and sorted on the server (the admin list protocol). */
export async function listAdminLog(
  db: Kysely<GameDatabase>,
  query: AdminLogQuery,
): Promise<AdminListPage<AdminLogEntry>> {
  let filtered = db.selectFrom('admin_log');
  if (query.action) filtered = filtered.where('action', '=', query.action);
  if (query.admin) filtered = filtered.where('admin', '=', query.admin);
  if (query.from) filtered = filtered.where('timestamp', '>=', new Date(query.from).toISOString());
  if (query.to) filtered = filtered.where('timestamp', '<=', new Date(query.to).toISOString());
  const { rows, ...page } = await fetchListPage(
    filtered,
    filtered
      .selectAll()
      .orderBy(query.sort, query.order)
      // Entries of one millisecond keep the order they were written in.
      .orderBy('id', query.order),
    query,
  );
  return { ...page, rows: rows.map(toEntry) };
}
