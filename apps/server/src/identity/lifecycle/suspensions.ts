import type { AdminUser, Suspension, SuspensionState } from '@outpost/contracts/account-lifecycle';
import { ACCOUNT_LOG_ACTIONS, SUSPENSION_MESSAGES } from '@outpost/contracts/account-lifecycle-text';
import type { Environment } from '@outpost/contracts/environments';
import type { Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { type AdminChange, adminLogRecord, appendAdminLog } from '../../backoffice/index';
import type { GameDatabase, IdentityDatabase } from '../../database';
import { isUniqueViolation } from '../../platform/db/errors';
import { type NotedCause, noteSessionEnds } from '../ended-sessions';
import { withIdentityChangeLast } from '../identity-change-last';
import { describeUsers } from '../search/search';
import type { AccountSuspensionRow } from './tables';

/*
 * Suspensions (docs/decisions/0033-suspensions.md): staff and admins suspend a player, with a reason and an optional
 * end, from the moderation hub; lifting it restores everything. Accounts are shared by every
 * environment, so a suspension is kept in the identity store and logged in the admin log of the
 * environment the admin works in (written first, in a game transaction the suspension is made
 * last inside). Its effect: the player's sessions end at once, a sign-in is refused with the end
 * (auth-routes.ts), and so is a request or a live stream still presenting a session (viewer.ts,
 * session-end.ts), and a session still cached anywhere stops counting (standing.ts).
 */

type Identity = Kysely<IdentityDatabase>;

interface SuspensionStores {
  identity: Identity;
  /** The store of the environment the admin works in: its admin log records the change. */
  game: Kysely<GameDatabase>;
}

/** No such account (404). */
export class SuspensionUserNotFoundError extends Error {}
/** A refusal in the admin's own words: suspending themselves, an end in the past (400). */
export class SuspensionInputError extends Error {}
/** Nothing to lift, or another admin's change came first (409). */
export class SuspensionConflictError extends Error {}

export interface SuspensionRequest {
  reason: string;
  endsAt: string | null;
  reportID: string | null;
}

/** Whether a suspension still holds at `now`, ended by itself, or was lifted (or replaced) by someone. */
function stateOf(row: AccountSuspensionRow, now: Date): SuspensionState {
  if (row.lifted_at === null) return row.ends_at !== null && row.ends_at <= now.toISOString() ? 'ended' : 'active';
  return row.lifted_by === null ? 'ended' : 'lifted';
}

/** Display names of the staff named by suspensions (null for an account since deleted). */
async function namesOf(identity: Identity, userIds: readonly string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await identity
    .selectFrom('profiles')
    .select(['user_id', 'display_name'])
    .where('user_id', 'in', [...new Set(userIds)])
    .execute();
  return new Map(rows.map((row) => [row.user_id, row.display_name]));
}

async function toSuspensions(identity: Identity, rows: readonly AccountSuspensionRow[], now: Date) {
  const names = await namesOf(
    identity,
    rows.flatMap((row) => [row.suspended_by, ...(row.lifted_by === null ? [] : [row.lifted_by])]),
  );
  const actor = (userID: string) => ({ userID, displayName: names.get(userID) ?? null });
  return rows.map(
    (row): Suspension => ({
      suspensionID: row.suspension_id,
      state: stateOf(row, now),
      reason: row.reason,
      startsAt: row.starts_at,
      endsAt: row.ends_at,
      suspendedBy: actor(row.suspended_by),
      environment: row.environment as Environment,
      reportID: row.report_id,
      reportNumber: null,
      liftedAt: row.lifted_at,
      liftedBy: row.lifted_by === null ? null : actor(row.lifted_by),
      liftNote: row.lift_note,
    }),
  );
}

/**
 * The short numbers of reports by id in an environment's store: the moderation domain's (Domain.reportNumbers),
 * as accounts are every environment's and know no report.
 */
export type ReportNumbers = (
  environment: Environment,
  reportIDs: readonly string[],
) => Promise<ReadonlyMap<string, number>>;

/** The suspensions with their reports' short numbers, each read in the store of the environment it was made in. */
export async function withReportNumbers(
  suspensions: readonly Suspension[],
  numbersOf: ReportNumbers,
): Promise<Suspension[]> {
  const byEnvironment = new Map<Environment, string[]>();
  for (const { environment, reportID } of suspensions) {
    if (reportID !== null) byEnvironment.set(environment, [...(byEnvironment.get(environment) ?? []), reportID]);
  }
  const numbers = new Map(
    await Promise.all(
      [...byEnvironment].map(async ([environment, ids]) => [environment, await numbersOf(environment, ids)] as const),
    ),
  );
  return suspensions.map((suspension) => ({
    ...suspension,
    reportNumber:
      suspension.reportID === null ? null : (numbers.get(suspension.environment)?.get(suspension.reportID) ?? null),
  }));
}

/** A player's suspensions, newest first. */
export async function listSuspensions(identity: Identity, userId: string, now = new Date()): Promise<Suspension[]> {
  const rows = await identity
    .selectFrom('account_suspensions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('starts_at', 'desc')
    .orderBy('suspension_id', 'desc')
    .execute();
  return toSuspensions(identity, rows, now);
}

/**
 * The dashboard's Suspended Players: accounts with a suspension that holds at `at` (now, or a past moment for the
 * tile's change): begun by then, and neither lifted (or replaced) nor ended by then. Suspensions are kept after they
 * end or are lifted, with those times, so the past is read from the same rows.
 */
export async function countSuspendedPlayers(identity: Identity, at = new Date()): Promise<number> {
  const then = at.toISOString();
  const row = await identity
    .selectFrom('account_suspensions')
    .where('starts_at', '<=', then)
    .where((eb) => eb.or([eb('lifted_at', 'is', null), eb('lifted_at', '>', then)]))
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', then)]))
    .select((eb) => eb.fn.count<number | string>('user_id').distinct().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** GET /api/admin/:env/users/:userID: the player's page in the moderation hub. */
export async function readAdminUser(
  stores: SuspensionStores,
  environment: Environment,
  userID: string,
  reportNumbers: ReportNumbers,
  now = new Date(),
): Promise<AdminUser> {
  const [described, suspensions] = await Promise.all([
    describeUsers(stores, [userID]),
    listSuspensions(stores.identity, userID, now).then((listed) => withReportNumbers(listed, reportNumbers)),
  ]);
  const user = described.get(userID);
  if (!user) throw new SuspensionUserNotFoundError(SUSPENSION_MESSAGES.noUser(userID));
  return {
    ...user,
    environment,
    suspension: suspensions.find((suspension) => suspension.state === 'active') ?? null,
    suspensions,
  };
}

/**
 * Ends every session of the account, on every device (the auth library's rows; bearer tokens are
 * sessions too), noting why when the account's standing will not tell it (a suspension does while
 * it holds, and its note lets a device still presenting a session be told until when and why).
 */
export async function endSessions(identity: Identity, userId: string, cause?: NotedCause): Promise<void> {
  await identity.transaction().execute(async (trx) => {
    if (cause) await noteSessionEnds(trx, { userId }, cause);
    await trx.deleteFrom('auth_sessions').where('user_id', '=', userId).execute();
  });
}

/** Suspending staff or admins is for admins only (403): staff could otherwise lock every admin out. */
export class SuspensionForbiddenError extends Error {}

const PRIVILEGED_KEYS: readonly string[] = ['admin', 'staff'];

/**
 * The account a suspension or lift names, by its display name for the log, after checking the
 * caller may act on it: an account being deleted is no account, and one holding the staff or
 * admin key is only an admin's to suspend.
 */
async function suspendable(identity: Identity, userID: string, admin: string): Promise<string | null> {
  const accounts = await identity
    .selectFrom('auth_users')
    .leftJoin('profiles', 'profiles.user_id', 'auth_users.id')
    .leftJoin('account_deletions', 'account_deletions.user_id', 'auth_users.id')
    .select(['auth_users.id', 'profiles.display_name', 'profiles.keys', 'account_deletions.anonymous_id'])
    .where('auth_users.id', 'in', [userID, admin])
    .execute();
  const target = accounts.find((account) => account.id === userID);
  if (!target || target.anonymous_id !== null)
    throw new SuspensionUserNotFoundError(SUSPENSION_MESSAGES.noUser(userID));
  const keysOf = (account: (typeof accounts)[number] | undefined) =>
    account?.keys ? (JSON.parse(account.keys) as string[]) : [];
  const privileged = keysOf(target).some((key) => PRIVILEGED_KEYS.includes(key));
  if (privileged && !keysOf(accounts.find((account) => account.id === admin)).includes('admin')) {
    throw new SuspensionForbiddenError(SUSPENSION_MESSAGES.staffOnlyByAdmins);
  }
  return target.display_name;
}

/**
 * Suspends `userID` from now until `request.endsAt` (or until lifted), replacing an open
 * suspension, and ends their sessions. Two admins suspending at once meet the one-open-suspension
 * index: the second is told to reload.
 */
export async function suspendPlayer(
  stores: SuspensionStores,
  change: AdminChange,
  userID: string,
  request: SuspensionRequest,
): Promise<Suspension> {
  const now = change.now ?? new Date();
  if (userID === change.admin) throw new SuspensionInputError(SUSPENSION_MESSAGES.ownAccount);
  if (request.endsAt !== null && new Date(request.endsAt) <= now) {
    throw new SuspensionInputError(SUSPENSION_MESSAGES.untilPast);
  }
  const displayName = await suspendable(stores.identity, userID, change.admin);
  const at = now.toISOString();
  const row: AccountSuspensionRow = {
    suspension_id: uuidv7(),
    user_id: userID,
    reason: request.reason,
    starts_at: at,
    ends_at: request.endsAt === null ? null : new Date(request.endsAt).toISOString(),
    suspended_by: change.admin,
    environment: change.environment,
    report_id: request.reportID,
    lifted_at: null,
    lifted_by: null,
    lift_note: null,
  };
  await withIdentityChangeLast(
    stores.game,
    (trx) =>
      appendAdminLog(
        trx,
        adminLogRecord(change, ACCOUNT_LOG_ACTIONS.suspended, {
          userID,
          displayName,
          suspensionID: row.suspension_id,
          reason: row.reason,
          endsAt: row.ends_at,
          reportID: row.report_id,
        }),
      ),
    {
      apply: () => replaceOpenSuspension(stores.identity, row, change.admin, now),
      undo: async (replaced) => {
        await stores.identity.transaction().execute(async (trx) => {
          await trx.deleteFrom('account_suspensions').where('suspension_id', '=', row.suspension_id).execute();
          if (replaced.length > 0) {
            await trx
              .updateTable('account_suspensions')
              .set({ lifted_at: null, lifted_by: null, lift_note: null })
              .where('suspension_id', 'in', replaced)
              .execute();
          }
        });
      },
    },
  );
  await endSessions(stores.identity, userID, 'suspended');
  const [suspension] = await toSuspensions(stores.identity, [row], now);
  return suspension as Suspension;
}

const REPLACED_NOTE = 'Replaced by a new suspension.';

/**
 * Closes the player's open suspension (one that ended by itself keeps its end; one still holding
 * is marked replaced by this admin) and adds `row`, in one identity transaction. Answers the ids
 * it closed, so an undo can reopen them.
 */
async function replaceOpenSuspension(
  identity: Identity,
  row: AccountSuspensionRow,
  admin: string,
  now: Date,
): Promise<string[]> {
  const at = now.toISOString();
  try {
    return await identity.transaction().execute(async (trx) => {
      const open = await trx
        .selectFrom('account_suspensions')
        .select(['suspension_id', 'ends_at'])
        .where('user_id', '=', row.user_id)
        .where('lifted_at', 'is', null)
        .execute();
      for (const earlier of open) {
        const ended = earlier.ends_at !== null && earlier.ends_at <= at;
        await trx
          .updateTable('account_suspensions')
          .set(ended ? { lifted_at: earlier.ends_at } : { lifted_at: at, lifted_by: admin, lift_note: REPLACED_NOTE })
          .where('suspension_id', '=', earlier.suspension_id)
          .where('lifted_at', 'is', null)
          .execute();
      }
      await trx.insertInto('account_suspensions').values(row).execute();
      return open.map((earlier) => earlier.suspension_id);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new SuspensionConflictError(SUSPENSION_MESSAGES.changedMeanwhile);
    throw error;
  }
}

/** Lifts `userID`'s suspension now; the player may sign in again at once. */
export async function liftSuspension(
  stores: SuspensionStores,
  change: AdminChange,
  userID: string,
  note: string,
): Promise<Suspension> {
  const now = change.now ?? new Date();
  const at = now.toISOString();
  const displayName = await suspendable(stores.identity, userID, change.admin);
  const holding = await stores.identity
    .selectFrom('account_suspensions')
    .selectAll()
    .where('user_id', '=', userID)
    .where('lifted_at', 'is', null)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', at)]))
    .executeTakeFirst();
  if (!holding) throw new SuspensionConflictError(SUSPENSION_MESSAGES.notSuspended);
  const lifted = { lifted_at: at, lifted_by: change.admin, lift_note: note === '' ? null : note };
  await withIdentityChangeLast(
    stores.game,
    (trx) =>
      appendAdminLog(
        trx,
        adminLogRecord(change, ACCOUNT_LOG_ACTIONS.lifted, {
          userID,
          displayName,
          suspensionID: holding.suspension_id,
          note: lifted.lift_note,
        }),
      ),
    {
      apply: async () => {
        const result = await stores.identity
          .updateTable('account_suspensions')
          .set(lifted)
          .where('suspension_id', '=', holding.suspension_id)
          .where('lifted_at', 'is', null)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) {
          throw new SuspensionConflictError(SUSPENSION_MESSAGES.changedMeanwhile);
        }
      },
      undo: async () => {
        await stores.identity
          .updateTable('account_suspensions')
          .set({ lifted_at: null, lifted_by: null, lift_note: null })
          .where('suspension_id', '=', holding.suspension_id)
          .execute();
      },
    },
  );
  const [suspension] = await toSuspensions(stores.identity, [{ ...holding, ...lifted }], now);
  return suspension as Suspension;
}
