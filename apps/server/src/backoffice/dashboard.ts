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

/**
 * The Game Status figures, each the query of the domain whose data it counts: the players active
 * now (the game data's presence) and the purchases of the last 24 hours (the shop's).
 */
export type GameStatusQueries = Partial<Record<keyof GatherDashboardResult['dashboardData'], FigureQuery>>;

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

/**
 * The Game Status callable's answer for one environment. Each figure is a query a domain plugs in
 * (Active Users: players the game saw in the last minutes; credit packs paid in the last 24
 * hours); one not plugged in is 0 (the wire wants numbers, and subscriptions are not sold yet).
 */
export async function gatherGameStatus(
  db: Kysely<GameDatabase>,
  queries: GameStatusQueries,
): Promise<GatherDashboardResult> {
  const figure = (query: FigureQuery | undefined) => (query ? query(db) : 0);
  const [activePlayers, creditPurchasesCount, subscriptionPurchasesCount] = await Promise.all([
    figure(queries.activePlayers),
    figure(queries.creditPurchasesCount),
    figure(queries.subscriptionPurchasesCount),
  ]);
  return { dashboardData: { activePlayers, creditPurchasesCount, subscriptionPurchasesCount } };
}
