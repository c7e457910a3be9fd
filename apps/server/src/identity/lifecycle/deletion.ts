import type { AccountDataExport } from '@outpost/contracts/account-lifecycle';
import { ACCOUNT_LOG_ACTIONS } from '@outpost/contracts/account-lifecycle-text';
import { ENVIRONMENTS, type Environment } from '@outpost/contracts/environments';
import type { Kysely } from 'kysely';
import { adminLogRecord, appendAdminLog, OPERATOR } from '../../backoffice/index';
import { eraseChangesKeyed } from '../../platform/changes/feed';
import { isUniqueViolation } from '../../platform/db/errors';
import type { JobDefinition } from '../../platform/jobs/runner';
import { eraseMailTo } from '../../platform/mail/queries';
import {
  anonymiseColumns,
  type DataSubject,
  type ErasedSubject,
  type PersonalDataPart,
} from '../../platform/personal-data';
import { newRandomID } from '../../platform/random-id';
import type { GameDatabase, IdentityDatabase } from '../../stores';
import { endSessions, listSuspensions } from './suspensions';
import type { AccountDeletionRow } from './tables';

/*
 * Deleting an account and downloading its data (issue 21 point 5). A player's data lives in the
 * identity store (account, profile, search entry, mail, suspensions) and in each environment's
 * game store, where every domain that keeps something about players brings a PersonalDataPart.
 *
 * The stores cannot share a transaction, so a deletion is a marker and then passes that can each be
 * run again: (1) the marker (`account_deletions`, with a new anonymous id): from then on the account
 * counts as gone (sign-in, sessions); then what blocks a deletion is checked, and every session
 * ends; (2) one transaction per game store: every part erases what is only the player's and puts
 * the anonymous id in place of theirs in what others rely on, and the admin log of the player's
 * environment records it; (3) in the identity store, the account itself goes. A sweep after a
 * grace period runs (2) and (3) again, catching what requests the player had under way wrote
 * meanwhile, or finishing a pass a crash cut short, and only then the marker forgets who it was
 * (a periodic job, `deletionJobs`; the lease keeps two instances off one deletion).
 * Records never end up under two anonymous ids.
 */

type Identity = Kysely<IdentityDatabase>;

export interface AccountDataOptions {
  identity: Identity;
  game: Record<Environment, Kysely<GameDatabase>>;
  /** Every domain's part of a player's data in a game store (the composition root's list). */
  parts: readonly PersonalDataPart<GameDatabase>[];
  /** The environment whose admin log records deletions and downloads: APP_ENV's, where players play. */
  logEnvironment: Environment;
}

/** Who asked: the player from /account, or an operator with the CLI. */
export type Requester = { kind: 'player' } | { kind: 'operator' };

/** No account by that id (or it is already being deleted). */
export class AccountGoneError extends Error {}
/** Something the player must settle first, in words for them (409). */
export class DeletionBlockedError extends Error {}

async function findAccount(identity: Identity, userId: string): Promise<DataSubject & { created: string }> {
  const account = await identity
    .selectFrom('auth_users')
    .leftJoin('account_deletions', 'account_deletions.user_id', 'auth_users.id')
    .leftJoin('profiles', 'profiles.user_id', 'auth_users.id')
    .select([
      'auth_users.id',
      'auth_users.email',
      'auth_users.created_at',
      'account_deletions.anonymous_id',
      'profiles.display_name',
    ])
    .where('auth_users.id', '=', userId)
    .executeTakeFirst();
  if (!account || account.anonymous_id !== null) throw new AccountGoneError(`No account has the user ID "${userId}".`);
  return {
    userId: account.id,
    email: account.email.toLowerCase(),
    displayName: account.display_name,
    created: new Date(account.created_at).toISOString(),
  };
}

/** The first thing the player must settle before their account can go, in any environment. */
async function firstBlocker(options: AccountDataOptions, subject: DataSubject): Promise<string | undefined> {
  for (const environment of ENVIRONMENTS) {
    for (const part of options.parts) {
      const blocker = await part.blocker?.(options.game[environment], subject);
      if (blocker) return blocker;
    }
  }
  return undefined;
}

/** How long one process may work on a deletion before another may take it over. */
const DELETION_LEASE_MS = 5 * 60_000;
/**
 * How long after a deletion its stores are swept once more: longer than any request the player
 * had under way when it began (a PayPal capture with its retries), which may still write under
 * their id after the first pass.
 */
export const DELETION_SWEEP_GRACE_MS = 2 * 60_000;
/** How often the sweep looks for deletions past their grace period. */
const DELETION_SWEEP_INTERVAL_MS = 60_000;

/** The deletions' periodic sweep, as a job of the runner. */
export function deletionJobs(options: AccountDataOptions, log: { info(details: object, message: string): void }) {
  return [
    {
      name: 'accounts.sweep-deletions',
      everyMs: DELETION_SWEEP_INTERVAL_MS,
      run: async () => {
        const finished = await sweepDeletions(options);
        if (finished > 0) log.info({ finished }, 'finished account deletions');
      },
    },
  ] satisfies JobDefinition[];
}

const leaseFrom = (now: Date) => new Date(now.getTime() + DELETION_LEASE_MS).toISOString();

/**
 * Deletes the account `userId`: its sessions end at once, and everything goes or is anonymised as
 * described above; the marker stays, held under a lease, until the sweep after the grace period.
 * Answers the anonymous id that now stands in for the player.
 */
export async function deleteAccount(
  options: AccountDataOptions,
  userId: string,
  requester: Requester,
  now = new Date(),
): Promise<string> {
  const subject = await findAccount(options.identity, userId);
  const marker: PendingDeletion = {
    anonymous_id: `deleted-${newRandomID()}`,
    user_id: subject.userId,
    email: subject.email,
    display_name: subject.displayName,
    requested_by: requester.kind,
    environment: options.logEnvironment,
    requested_at: now.toISOString(),
    lease_until: leaseFrom(now),
    completed_at: null,
  };
  // The marker first: from here the account takes no new request, so what blocks the deletion
  // (an order waiting for payment) cannot appear behind the check.
  try {
    await options.identity.insertInto('account_deletions').values(marker).execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AccountGoneError('This account is already being deleted.');
    throw error;
  }
  const blocker = await firstBlocker(options, subject);
  if (blocker) {
    await options.identity.deleteFrom('account_deletions').where('anonymous_id', '=', marker.anonymous_id).execute();
    throw new DeletionBlockedError(blocker);
  }
  await endSessions(options.identity, subject.userId);
  await erasePass(options, marker, now);
  return marker.anonymous_id;
}

/** A marker whose deletion is not complete: it still knows who it was. */
type PendingDeletion = AccountDeletionRow & { user_id: string; email: string };

function isPending(marker: AccountDeletionRow): marker is PendingDeletion {
  return marker.completed_at === null && marker.user_id !== null && marker.email !== null;
}

/**
 * One pass over every store: each game store in a transaction of its own (every part, and the
 * log entry in the player's environment), then the account itself. Every step may run again.
 */
async function erasePass(options: AccountDataOptions, marker: PendingDeletion, now: Date): Promise<void> {
  const subject: ErasedSubject = {
    userId: marker.user_id,
    email: marker.email,
    displayName: marker.display_name,
    anonymousId: marker.anonymous_id,
  };
  // Other addresses the player had mail sent to (a drop subscription's), read before their rows go.
  const addresses = new Set([subject.email]);
  for (const environment of ENVIRONMENTS) {
    for (const part of options.parts) {
      for (const address of (await part.addresses?.(options.game[environment], subject)) ?? []) {
        addresses.add(address.toLowerCase());
      }
    }
    await options.game[environment].transaction().execute(async (trx) => {
      if (environment === marker.environment) await logDeletionOnce(trx, marker, now);
      for (const part of options.parts) await part.erase(trx, subject);
    });
  }
  await options.identity.transaction().execute(async (trx) => {
    for (const address of addresses) await eraseMailTo(trx, address);
    // Password-reset tokens name the account in their value.
    await trx.deleteFrom('auth_verifications').where('value', '=', subject.userId).execute();
    await trx.deleteFrom('account_suspensions').where('user_id', '=', subject.userId).execute();
    // Suspensions of others this account made or lifted (it was staff) keep an anonymous actor.
    await anonymiseColumns<IdentityDatabase>(trx, { account_suspensions: ['suspended_by', 'lifted_by'] }, subject);
    await trx.deleteFrom('profiles').where('user_id', '=', subject.userId).execute();
    await trx.deleteFrom('auth_sessions').where('user_id', '=', subject.userId).execute();
    await trx.deleteFrom('auth_accounts').where('user_id', '=', subject.userId).execute();
    // Its search entry goes with it (the user search's triggers).
    await trx.deleteFrom('auth_users').where('id', '=', subject.userId).execute();
  });
}

/** The deletion's admin-log entry, written once however often the deletion is resumed. */
async function logDeletionOnce(trx: Kysely<GameDatabase>, marker: AccountDeletionRow, now: Date): Promise<void> {
  const data = { anonymousID: marker.anonymous_id, requestedBy: marker.requested_by };
  const logged = await trx
    .selectFrom('admin_log')
    .select('id')
    .where('action', '=', ACCOUNT_LOG_ACTIONS.deleted)
    .where('data', '=', JSON.stringify(data))
    .executeTakeFirst();
  if (logged) return;
  await appendAdminLog(trx, {
    action: ACCOUNT_LOG_ACTIONS.deleted,
    environment: marker.environment as Environment,
    admin: marker.requested_by === 'operator' ? OPERATOR : marker.anonymous_id,
    data,
    now,
  });
}

/** Takes a marker's lease, unless another process holds it: only one works on a deletion at a time. */
async function takeLease(identity: Identity, marker: AccountDeletionRow, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const result = await identity
    .updateTable('account_deletions')
    .set({ lease_until: leaseFrom(now) })
    .where('anonymous_id', '=', marker.anonymous_id)
    .where('completed_at', 'is', null)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', at)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Finishes the deletions begun at least `graceMs` ago: one more pass over every store (catching
 * what the player's last requests wrote after the first, or the rest of a pass a crash cut short),
 * then the marker forgets who it was. Runs every minute on every instance and at start; a lease
 * keeps two processes off one deletion. Answers how many it finished.
 */
export async function sweepDeletions(
  options: AccountDataOptions,
  now = new Date(),
  graceMs = DELETION_SWEEP_GRACE_MS,
): Promise<number> {
  const due = await options.identity
    .selectFrom('account_deletions')
    .selectAll()
    .where('completed_at', 'is', null)
    .where('requested_at', '<=', new Date(now.getTime() - graceMs).toISOString())
    .execute();
  let finished = 0;
  for (const marker of due) {
    if (!isPending(marker) || !(await takeLease(options.identity, marker, now))) continue;
    await erasePass(options, marker, now);
    // The change feeds named the player in their owner's topics (their profile, their sessions):
    // delivered long since, those changes are only a trace of them now.
    await eraseChangesKeyed(options.identity, marker.user_id);
    for (const environment of ENVIRONMENTS) await eraseChangesKeyed(options.game[environment], marker.user_id);
    await options.identity
      .updateTable('account_deletions')
      .set({ user_id: null, email: null, display_name: null, lease_until: null, completed_at: now.toISOString() })
      .where('anonymous_id', '=', marker.anonymous_id)
      .execute();
    finished += 1;
  }
  return finished;
}

/**
 * Everything Outpost holds about the player, for their download: the account, their suspensions
 * (without who made them), and each environment's sections from every part. The download is
 * recorded in the admin log of the player's environment.
 */
export async function exportAccountData(
  options: AccountDataOptions,
  userId: string,
  requester: Requester,
  now = new Date(),
): Promise<AccountDataExport> {
  const subject = await findAccount(options.identity, userId);
  const [profile, suspensions, ...sections] = await Promise.all([
    options.identity.selectFrom('profiles').selectAll().where('user_id', '=', userId).executeTakeFirst(),
    listSuspensions(options.identity, userId, now),
    ...ENVIRONMENTS.map(async (environment) => {
      const parts = await Promise.all(options.parts.map((part) => part.export(options.game[environment], subject)));
      return Object.assign({}, ...parts) as Record<string, unknown>;
    }),
  ]);
  const [development = {}, beta = {}, production = {}] = sections;
  await appendAdminLog(
    options.game[options.logEnvironment],
    adminLogRecord(
      {
        environment: options.logEnvironment,
        admin: requester.kind === 'operator' ? OPERATOR : userId,
        now,
      },
      ACCOUNT_LOG_ACTIONS.exported,
      { userID: userId, requestedBy: requester.kind },
    ),
  );
  return {
    exportedAt: now.toISOString(),
    account: {
      userID: subject.userId,
      email: subject.email,
      created: subject.created,
      displayName: profile?.display_name ?? null,
      keys: profile ? (JSON.parse(profile.keys) as string[]) : [],
    },
    suspensions: suspensions.map(({ state, reason, startsAt, endsAt, liftedAt }) => ({
      state,
      reason,
      startsAt,
      endsAt,
      liftedAt,
    })),
    environments: { development, beta, production },
  };
}
