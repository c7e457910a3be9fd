import type { AccountDataExport } from '@outpost/contracts/account-lifecycle';
import { ACCOUNT_LOG_ACTIONS } from '@outpost/contracts/account-lifecycle-text';
import { ENVIRONMENTS, type Environment } from '@outpost/contracts/environments';
import type { Kysely } from 'kysely';
import { z } from 'zod/mini';
import { adminLogRecord, appendAdminLog, OPERATOR } from '../../backoffice/index';
import type { GameDatabase, IdentityDatabase } from '../../database';
import { eraseChangesKeyed } from '../../platform/changes/feed';
import { isUniqueViolation } from '../../platform/db/errors';
import { enqueueRun, type JobDefinition } from '../../platform/jobs/runner';
import { eraseMailOf } from '../../platform/mail/queries';
import {
  anonymiseColumns,
  type DataSubject,
  type ErasedSubject,
  type PersonalDataPart,
} from '../../platform/personal-data';
import { newRandomID } from '../../platform/random-id';
import { endSessions, listSuspensions } from './suspensions';
import type { AccountDeletionRow } from './tables';

/*
 * Deleting an account and downloading its data
 * (docs/decisions/0034-deleting-an-account-and-downloading-its-data.md). A player's data lives in the
 * identity store (account, profile, search entry, mail, suspensions) and in each environment's game store,
 * where every domain that keeps something about players brings a PersonalDataPart.
 *
 * The stores cannot share a transaction, so a deletion is a marker and then passes that can each be
 * run again: (1) the marker (`account_deletions`, with a new anonymous id): from then on the account
 * counts as gone (sign-in, sessions); then what blocks a deletion is checked, the clean-up is
 * scheduled, and every session ends; (2) one transaction per game store: every part erases what is
 * only the player's and puts the anonymous id in place of theirs in what others rely on, and the
 * admin log of the player's environment records it; (3) in the identity store, the account itself
 * goes. The clean-up, a run of the job runner due when the grace period ends, runs (2) and (3)
 * again, catching what requests the player had under way wrote meanwhile, or finishing a pass a
 * crash cut short, and only then the marker forgets who it was. A lease on the marker keeps two
 * processes off one deletion; renewed before each step, it runs out within a minute of a process
 * stopping. Records never end up under two anonymous ids.
 *
 * Once the account is gone its address is free: a new account may sign up with it at once. What
 * names the player only by address or name (a signup made signed out, their mail) is theirs when
 * written before the deletion was asked (`ownedRows`), so the clean-up leaves the new account's whole.
 */

type Identity = Kysely<IdentityDatabase>;

export interface AccountDataOptions {
  identity: Identity;
  game: Record<Environment, Kysely<GameDatabase>>;
  /** Every domain's part of a player's data in a game store (the composition root's list). */
  parts: readonly PersonalDataPart<GameDatabase>[];
  /** The environment whose admin log records deletions and downloads: APP_ENV's, where players play. */
  logEnvironment: Environment;
  /** The clock; the system's unless a test moves it. */
  now?: () => Date;
}

const clock = (options: AccountDataOptions) => options.now?.() ?? new Date();

/** Who asked: the player from /account, an operator with the CLI, or staff from the player page. */
export type Requester = { kind: 'player' } | { kind: 'operator' } | { kind: 'admin'; adminID: string };

const ADMIN_REQUEST = 'admin:';

/** Who asked, as the deletion's marker keeps it: the requester's kind, and staff's id after `admin:`. */
const requestedBy = (requester: Requester) =>
  requester.kind === 'admin' ? `${ADMIN_REQUEST}${requester.adminID}` : requester.kind;

/** The admin log's kind of requester and its admin, from what the marker keeps (the player: `player`). */
function logRequester(kept: string, player: string): { requestedBy: string; admin: string } {
  if (kept === 'operator') return { requestedBy: kept, admin: OPERATOR };
  if (kept.startsWith(ADMIN_REQUEST)) return { requestedBy: 'admin', admin: kept.slice(ADMIN_REQUEST.length) };
  return { requestedBy: kept, admin: player };
}

/** No account by that id (or it is already being deleted). */
export class AccountGoneError extends Error {}
/** Something the player must settle first, in words for them (409). */
export class DeletionBlockedError extends Error {}
/** Another process works on this deletion (its lease has not run out), or took it over from this one. */
export class DeletionLeasedError extends Error {}

async function findAccount(
  identity: Identity,
  userId: string,
  writtenBefore: Date,
): Promise<DataSubject & { created: string }> {
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
    writtenBefore: writtenBefore.toISOString(),
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

/**
 * How long a process holds a deletion past its last step before another may take it over. A step
 * (one store's transaction) takes seconds, and the lease is renewed before each.
 */
export const DELETION_LEASE_MS = 60_000;
/**
 * How long after a deletion its clean-up runs: longer than any request the player had under way
 * when it began (a PayPal capture with its retries), which may still write under their id after
 * the first pass.
 */
export const DELETION_SWEEP_GRACE_MS = 2 * 60_000;
/** How often every deletion not yet finished is checked for a clean-up run waiting for it. */
const DELETION_SWEEP_INTERVAL_MS = 60_000;

/** The clean-up of one deletion: enqueued by the deletion for the end of its grace period. */
const FINISH_DELETION_JOB = { name: 'accounts.finish-deletion' } as const;
const finishPayload = z.object({ anonymousId: z.string() });

/** Queues a deletion's clean-up for the end of its grace period; a run already waiting stands for it. */
function scheduleCleanUp(options: AccountDataOptions, marker: AccountDeletionRow, now: Date): Promise<boolean> {
  const due = new Date(Math.max(now.getTime(), Date.parse(marker.requested_at) + DELETION_SWEEP_GRACE_MS));
  return enqueueRun(
    options.identity,
    FINISH_DELETION_JOB,
    { anonymousId: marker.anonymous_id },
    { key: marker.anonymous_id, runAt: due, now },
  );
}

/**
 * The deletions' jobs of the runner: each deletion's clean-up, taken within a second of its due
 * time by whichever instance polls first and, if that instance stops, by another once the lease
 * runs out; and every minute, a clean-up queued again for a deletion that has none waiting (its
 * runs given up, or the process stopped between the marker and the queue).
 */
export function deletionJobs(options: AccountDataOptions, log: { info(details: object, message: string): void }) {
  return [
    {
      ...FINISH_DELETION_JOB,
      leaseMs: DELETION_LEASE_MS,
      run: async (payload, run) => {
        const { anonymousId } = finishPayload.parse(payload);
        if (await finishDeletion(options, anonymousId, run.extendLease)) {
          log.info({ anonymousId }, 'finished an account deletion');
        }
      },
    },
    {
      name: 'accounts.sweep-deletions',
      everyMs: DELETION_SWEEP_INTERVAL_MS,
      run: async () => {
        const now = clock(options);
        const pending = await options.identity
          .selectFrom('account_deletions')
          .selectAll()
          .where('completed_at', 'is', null)
          .execute();
        let queued = 0;
        for (const marker of pending) if (await scheduleCleanUp(options, marker, now)) queued += 1;
        if (queued > 0) log.info({ queued }, 'queued the clean-up of account deletions again');
      },
    },
  ] satisfies JobDefinition[];
}

const leaseFrom = (now: Date) => new Date(now.getTime() + DELETION_LEASE_MS).toISOString();

/** A marker's lease as this process holds it. */
interface Lease {
  /** Holds it for another DELETION_LEASE_MS; throws DeletionLeasedError once another process took it over. */
  renew(): Promise<void>;
  /** Lets it go at once, so the clean-up need not wait for it to run out. */
  release(): Promise<void>;
}

/**
 * The lease held until `until`: the value it holds is this process's mark, so a renewal after a
 * takeover changes nothing and says so. `renewRun` renews the job run it works in along with it.
 */
function heldLease(
  options: AccountDataOptions,
  anonymousId: string,
  until: string,
  renewRun?: () => Promise<boolean>,
): Lease {
  let held = until;
  const whileHeld = () =>
    options.identity
      .updateTable('account_deletions')
      .where('anonymous_id', '=', anonymousId)
      .where('lease_until', '=', held);
  return {
    async renew() {
      const next = leaseFrom(clock(options));
      const renewed = await whileHeld().set({ lease_until: next }).executeTakeFirst();
      if (Number(renewed.numUpdatedRows) === 0 || (renewRun && !(await renewRun()))) {
        throw new DeletionLeasedError('Another process took this deletion over.');
      }
      held = next;
    },
    async release() {
      await whileHeld().set({ lease_until: null }).execute();
    },
  };
}

/**
 * Runs `work` under the lease and lets it go after, done or failed, so a retry need not wait for
 * it to run out (had letting go failed too, it runs out on its own within DELETION_LEASE_MS).
 */
async function underLease(lease: Lease, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } finally {
    await lease.release().catch(() => undefined);
  }
}

/** Takes a marker's lease, unless another process holds it: only one works on a deletion at a time. */
async function takeLease(
  options: AccountDataOptions,
  marker: PendingDeletion,
  renewRun?: () => Promise<boolean>,
): Promise<Lease | undefined> {
  const now = clock(options);
  const until = leaseFrom(now);
  const result = await options.identity
    .updateTable('account_deletions')
    .set({ lease_until: until })
    .where('anonymous_id', '=', marker.anonymous_id)
    .where('completed_at', 'is', null)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now.toISOString())]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0 ? heldLease(options, marker.anonymous_id, until, renewRun) : undefined;
}

/**
 * Deletes the account `userId`: its sessions end at once, and everything goes or is anonymised as
 * described above; the marker stays until the clean-up after the grace period. Answers the
 * anonymous id that now stands in for the player.
 */
export async function deleteAccount(
  options: AccountDataOptions,
  userId: string,
  requester: Requester,
): Promise<string> {
  const now = clock(options);
  const subject = await findAccount(options.identity, userId, now);
  const leaseUntil = leaseFrom(now);
  const marker: PendingDeletion = {
    anonymous_id: `deleted-${newRandomID()}`,
    user_id: subject.userId,
    email: subject.email,
    display_name: subject.displayName,
    requested_by: requestedBy(requester),
    environment: options.logEnvironment,
    requested_at: now.toISOString(),
    lease_until: leaseUntil,
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
  await scheduleCleanUp(options, marker, now);
  await endSessions(options.identity, subject.userId);
  const lease = heldLease(options, marker.anonymous_id, leaseUntil);
  await underLease(lease, () => erasePass(options, marker, lease));
  return marker.anonymous_id;
}

/** A marker whose deletion is not complete: it still knows who it was. */
type PendingDeletion = AccountDeletionRow & { user_id: string; email: string };

function isPending(marker: AccountDeletionRow): marker is PendingDeletion {
  return marker.completed_at === null && marker.user_id !== null && marker.email !== null;
}

/**
 * One pass over every store: each game store in a transaction of its own (every part, and the
 * log entry in the player's environment), then the account itself, the lease renewed before
 * each. Every step may run again.
 */
async function erasePass(options: AccountDataOptions, marker: PendingDeletion, lease: Lease): Promise<void> {
  const subject: ErasedSubject = {
    userId: marker.user_id,
    email: marker.email,
    displayName: marker.display_name,
    anonymousId: marker.anonymous_id,
    // Whatever pass this is, what names the player only by address was theirs until they asked.
    writtenBefore: marker.requested_at,
  };
  for (const environment of ENVIRONMENTS) {
    await lease.renew();
    await options.game[environment].transaction().execute(async (trx) => {
      if (environment === marker.environment) await logDeletionOnce(trx, marker, clock(options));
      for (const part of options.parts) await part.erase(trx, subject);
    });
  }
  await lease.renew();
  await options.identity.transaction().execute(async (trx) => {
    await eraseMailOf(trx, subject);
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
  const { requestedBy: kind, admin } = logRequester(marker.requested_by, marker.anonymous_id);
  const data = { anonymousID: marker.anonymous_id, requestedBy: kind };
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
    admin,
    data,
    now,
  });
}

/**
 * The clean-up under a lease this process holds: one more pass over every store (catching what the
 * player's last requests wrote after the first, or the rest of a pass a crash cut short), then the
 * change feeds' traces of the player, then the marker forgets who it was.
 */
async function finishPending(options: AccountDataOptions, marker: PendingDeletion, lease: Lease): Promise<void> {
  await erasePass(options, marker, lease);
  await lease.renew();
  // The change feeds named the player in their owner's topics (their profile, their sessions):
  // delivered long since, those changes are only a trace of them now.
  await eraseChangesKeyed(options.identity, marker.user_id);
  for (const environment of ENVIRONMENTS) await eraseChangesKeyed(options.game[environment], marker.user_id);
  await options.identity
    .updateTable('account_deletions')
    .set({
      user_id: null,
      email: null,
      display_name: null,
      lease_until: null,
      completed_at: clock(options).toISOString(),
    })
    .where('anonymous_id', '=', marker.anonymous_id)
    .execute();
}

/**
 * A deletion's clean-up, as its job runs it: answers false when there is nothing left to do (done
 * already, or the deletion was refused), and throws DeletionLeasedError while another process holds
 * it, so the runner tries again after a pause.
 */
export async function finishDeletion(
  options: AccountDataOptions,
  anonymousId: string,
  renewRun?: () => Promise<boolean>,
): Promise<boolean> {
  const marker = await options.identity
    .selectFrom('account_deletions')
    .selectAll()
    .where('anonymous_id', '=', anonymousId)
    .executeTakeFirst();
  if (!marker || !isPending(marker)) return false;
  const lease = await takeLease(options, marker, renewRun);
  if (!lease) throw new DeletionLeasedError(`Another process works on this deletion until ${marker.lease_until}.`);
  await underLease(lease, () => finishPending(options, marker, lease));
  return true;
}

/**
 * Finishes every deletion whose grace period is over and that no process holds, at once: the
 * operator's CLI runs it before a deletion of its own. Answers how many it finished.
 */
export async function sweepDeletions(options: AccountDataOptions): Promise<number> {
  const due = await options.identity
    .selectFrom('account_deletions')
    .selectAll()
    .where('completed_at', 'is', null)
    .where('requested_at', '<=', new Date(clock(options).getTime() - DELETION_SWEEP_GRACE_MS).toISOString())
    .execute();
  let finished = 0;
  for (const marker of due) {
    if (!isPending(marker)) continue;
    const lease = await takeLease(options, marker);
    if (!lease) continue;
    await underLease(lease, () => finishPending(options, marker, lease));
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
): Promise<AccountDataExport> {
  const now = clock(options);
  // What names the player only by address is theirs up to now: the deletion's rule, as of now.
  const subject = await findAccount(options.identity, userId, now);
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
        admin: logRequester(requestedBy(requester), userId).admin,
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
