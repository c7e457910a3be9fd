import type { AccountDataExport } from '@outpost/contracts/account-lifecycle';
import { ACCOUNT_LOG_ACTIONS } from '@outpost/contracts/account-lifecycle-text';
import { ENVIRONMENTS, type Environment } from '@outpost/contracts/environments';
import type { Kysely } from 'kysely';
import { adminLogRecord, appendAdminLog } from '../../backoffice/admin-log';
import { isUniqueViolation } from '../../platform/db/errors';
import { eraseMailTo } from '../../platform/mail/queries';
import type { DataSubject, ErasedSubject, PersonalDataPart } from '../../platform/personal-data';
import { newRandomID } from '../../platform/random-id';
import type { GameDatabase, IdentityDatabase } from '../../stores';
import { endSessions, listSuspensions } from './suspensions';
import type { AccountDeletionRow } from './tables';

/*
 * Deleting an account and downloading its data (issue 21 point 5). A player's data lives in the
 * identity store (account, profile, search entry, mail, suspensions) and in each environment's
 * game store, where every domain that keeps something about players brings a PersonalDataPart.
 *
 * The stores cannot share a transaction, so a deletion is a marker and then steps that can each be
 * run again: (1) in the identity store, the marker (`account_deletions`, with a new anonymous id)
 * and the end of every session, in one transaction: from then on the account counts as gone
 * (sign-in, sessions); (2) one transaction per game store: every part erases what is only the
 * player's and puts the anonymous id in place of theirs in what others rely on, and the admin log
 * of the player's environment records it; (3) in the identity store, the account itself goes and
 * the marker keeps only the anonymous id. A deletion cut short is finished by the next start or
 * by the operator's CLI, with the same anonymous id, so records never end up under two.
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

/** The admin log's `admin` of an operator's request, who has no account of their own there. */
export const OPERATOR = 'operator';

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

/**
 * Deletes the account `userId`: its sessions end at once, and everything goes or is anonymised as
 * described above. Answers the anonymous id that now stands in for the player.
 */
export async function deleteAccount(
  options: AccountDataOptions,
  userId: string,
  requester: Requester,
  now = new Date(),
): Promise<string> {
  const subject = await findAccount(options.identity, userId);
  const blocker = await firstBlocker(options, subject);
  if (blocker) throw new DeletionBlockedError(blocker);
  const marker = await startDeletion(options.identity, {
    anonymous_id: `deleted-${newRandomID()}`,
    user_id: subject.userId,
    email: subject.email,
    requested_by: requester.kind,
    environment: options.logEnvironment,
    requested_at: now.toISOString(),
    completed_at: null,
  });
  await finishDeletion(options, marker, now);
  return marker.anonymous_id;
}

/** Step (1): the marker and the end of every session, together; of two deletions at once, one goes on. */
async function startDeletion(
  identity: Identity,
  marker: AccountDeletionRow & { user_id: string },
): Promise<AccountDeletionRow> {
  try {
    await identity.transaction().execute(async (trx) => {
      await trx.insertInto('account_deletions').values(marker).execute();
      await endSessions(trx, marker.user_id);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AccountGoneError('This account is already being deleted.');
    throw error;
  }
  return marker;
}

/** Steps (2) and (3) of a deletion whose marker is written; each may run again. */
async function finishDeletion(options: AccountDataOptions, marker: AccountDeletionRow, now: Date): Promise<void> {
  if (marker.user_id === null || marker.email === null) return;
  // The profile goes last (step 3), so a resumed deletion still finds the name.
  const profile = await options.identity
    .selectFrom('profiles')
    .select('display_name')
    .where('user_id', '=', marker.user_id)
    .executeTakeFirst();
  const subject: ErasedSubject = {
    userId: marker.user_id,
    email: marker.email,
    displayName: profile?.display_name ?? null,
    anonymousId: marker.anonymous_id,
  };
  for (const environment of ENVIRONMENTS) {
    await options.game[environment].transaction().execute(async (trx) => {
      if (environment === marker.environment) await logDeletionOnce(trx, marker, now);
      for (const part of options.parts) await part.erase(trx, subject);
    });
  }
  await options.identity.transaction().execute(async (trx) => {
    await eraseMailTo(trx, subject.email);
    // Password-reset tokens name the account in their value.
    await trx.deleteFrom('auth_verifications').where('value', '=', subject.userId).execute();
    await trx.deleteFrom('account_suspensions').where('user_id', '=', subject.userId).execute();
    await trx.deleteFrom('profiles').where('user_id', '=', subject.userId).execute();
    await trx.deleteFrom('auth_sessions').where('user_id', '=', subject.userId).execute();
    await trx.deleteFrom('auth_accounts').where('user_id', '=', subject.userId).execute();
    // Its search entry goes with it (the user search's triggers).
    await trx.deleteFrom('auth_users').where('id', '=', subject.userId).execute();
    await trx
      .updateTable('account_deletions')
      .set({ user_id: null, email: null, completed_at: now.toISOString() })
      .where('anonymous_id', '=', marker.anonymous_id)
      .execute();
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

/** Finishes every deletion that was cut short (at start, and before the CLI's own). Answers how many. */
export async function resumeDeletions(options: AccountDataOptions, now = new Date()): Promise<number> {
  const pending = await options.identity
    .selectFrom('account_deletions')
    .selectAll()
    .where('completed_at', 'is', null)
    .execute();
  for (const marker of pending) await finishDeletion(options, marker, now);
  return pending.length;
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
