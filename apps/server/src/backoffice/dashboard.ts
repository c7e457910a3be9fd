import {
  DASHBOARD_FIGURES,
  type DashboardFigure,
  type GatherDashboardResult,
  type ModerationDashboard,
} from '@outpost/contracts/backoffice';
import type { Kysely } from 'kysely';
import type { GameDatabase, IdentityDatabase } from '../stores';

/*
 * The admin dashboard's figures (spec §2 'Moderation & Reports' and 'Game Status'). The back
 * office owns none of their data: each figure is one query of the domain that does, handed in
 * from the composition root (app.ts), so this module names no other domain.
 */

/** One figure of one environment's store: a single count, run on every dashboard load. */
export type FigureQuery = (db: Kysely<GameDatabase>) => Promise<number>;

/** The stores a 'Moderation & Reports' figure may count in: the environment's, and the accounts shared by all. */
export interface FigureStores {
  game: Kysely<GameDatabase>;
  identity: Kysely<IdentityDatabase>;
}

/** The 'Moderation & Reports' figures, each the query of the domain whose data it counts. */
export type DashboardFigureQueries = Record<DashboardFigure, (stores: FigureStores) => Promise<number>>;

/** The Game Status purchase counts of the last 24 hours, which the shop's ledger will answer. */
export type GameStatusQueries = Partial<
  Record<Exclude<keyof GatherDashboardResult['dashboardData'], 'activePlayers'>, FigureQuery>
>;

/** Runs every figure's query on the environment's store (and the accounts'), side by side. */
export async function readModerationDashboard(
  stores: FigureStores,
  queries: DashboardFigureQueries,
): Promise<ModerationDashboard> {
  const values = await Promise.all(DASHBOARD_FIGURES.map((figure) => queries[figure](stores)));
  return {
    figures: Object.fromEntries(
      DASHBOARD_FIGURES.map((figure, index) => [figure, values[index]]),
    ) as ModerationDashboard['figures'],
  };
}

export const ACTIVE_PLAYERS_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Game Status's Active Users until presence data exists: accounts with a session that was used in
 * the last 24 hours and has not expired. A session's `updated_at` moves when the auth library
 * slides it forward, at most once per `session.updateAge` (an hour, identity/auth.ts), so the
 * figure lags by up to that hour. A player who signed out meanwhile has no session left and is
 * not counted. Accounts are shared by every environment, so this figure is too.
 *
 * `updated_at` is a timestamptz on PostgreSQL and ISO 8601 text (`toISOString()`, always UTC with
 * milliseconds) on SQLite: the bounds go out as ISO text, which PostgreSQL reads as timestamptz
 * for the comparison and SQLite compares as text in the same fixed format.
 */
export async function countActivePlayers(identity: Kysely<IdentityDatabase>, now = new Date()): Promise<number> {
  const row = await identity
    .selectFrom('auth_sessions')
    .where('updated_at', '>=', new Date(now.getTime() - ACTIVE_PLAYERS_WINDOW_MS).toISOString())
    .where('expires_at', '>', now.toISOString())
    .select((eb) => eb.fn.count<string | number>('user_id').distinct().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/**
 * The Game Status callable's answer for one environment. The purchase counts are queries the
 * shop plugs in (credit packs paid in the last 24 hours); one not plugged in is 0 (the wire wants
 * numbers, and subscriptions are not sold yet).
 */
export async function gatherGameStatus(
  identity: Kysely<IdentityDatabase>,
  db: Kysely<GameDatabase>,
  queries: GameStatusQueries,
): Promise<GatherDashboardResult> {
  const [activePlayers, creditPurchasesCount, subscriptionPurchasesCount] = await Promise.all([
    countActivePlayers(identity),
    queries.creditPurchasesCount ? queries.creditPurchasesCount(db) : 0,
    queries.subscriptionPurchasesCount ? queries.subscriptionPurchasesCount(db) : 0,
  ]);
  return { dashboardData: { activePlayers, creditPurchasesCount, subscriptionPurchasesCount } };
}
