import type { Environment } from '@outpost/contracts/environments';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';
import { signedInViewer } from '../platform/http/access';

/** The admin log's `admin` of a change an operator ran from the command line: nobody's account. */
export const OPERATOR = 'operator';

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

/** What an admin change records besides its own data (docs/product.md §3.10). */
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
 * An edit's data: the record's ids, its fields as saved, and under `previous` the same fields as
 * they were, so the log shows the fields that changed as before → after (admin-log-words.ts). A
 * field the record did not have before reads "none".
 */
export function editData(
  ids: Record<string, unknown>,
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const previous = Object.fromEntries(Object.keys(after).map((key) => [key, before[key] ?? null]));
  return { ...ids, ...after, previous };
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
