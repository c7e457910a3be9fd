import {
  DASHBOARD_FIGURES,
  type DashboardFigure,
  type GatherDashboardResult,
  type ModerationDashboard,
} from '@outpost/contracts/backoffice';
import type { Count, CountedStores, CountName } from '../domain';

/*
 * The admin dashboard's figures (docs/product.md §2.9 'Moderation & Reports' and 'Game Status'). The back
 * office owns none of their data: each figure is a count the domain that holds the data brings
 * (its module's `counts`), so this module names no other domain.
 */

/** The 'Moderation & Reports' figures, each a count of the domain whose data it counts. */
export type DashboardFigureCounts = Record<DashboardFigure, Count>;

/** The Game Status figures, each a count of the domain whose data it counts: the players active now, the purchases of the last 24 hours. */
export type GameStatusCounts = Partial<Record<keyof GatherDashboardResult['dashboardData'], Count>>;

/** Every dashboard figure from the domains' counts; a figure no domain counts is a fault at start. */
export function dashboardFigureCounts(counts: Partial<Record<CountName, Count>>): DashboardFigureCounts {
  const missing = DASHBOARD_FIGURES.filter((figure) => !counts[figure]);
  if (missing.length > 0) throw new Error(`No domain brings the dashboard figures ${missing.join(', ')}.`);
  return counts as DashboardFigureCounts;
}

/** Runs every figure's query on the environment's store (and the accounts'), side by side. */
export async function readModerationDashboard(
  stores: CountedStores,
  queries: DashboardFigureCounts,
): Promise<ModerationDashboard> {
  const values = await Promise.all(DASHBOARD_FIGURES.map((figure) => queries[figure](stores)));
  return {
    figures: Object.fromEntries(
      DASHBOARD_FIGURES.map((figure, index) => [figure, values[index]]),
    ) as ModerationDashboard['figures'],
  };
}

/**
 * The Game Status callable's answer for one environment. Each figure is a count a domain brings
 * (Active Users: players the game saw in the last minutes; credit packs paid in the last 24
 * hours, on every channel); the counts of one name from several domains are added up; one no domain counts is
 * 0 (the wire wants numbers).
 */
export async function gatherGameStatus(
  stores: CountedStores,
  queries: GameStatusCounts,
): Promise<GatherDashboardResult> {
  const figure = (query: Count | undefined) => (query ? query(stores) : 0);
  const [activePlayers, creditPurchasesCount, subscriptionPurchasesCount] = await Promise.all([
    figure(queries.activePlayers),
    figure(queries.creditPurchasesCount),
    figure(queries.subscriptionPurchasesCount),
  ]);
  return { dashboardData: { activePlayers, creditPurchasesCount, subscriptionPurchasesCount } };
}
