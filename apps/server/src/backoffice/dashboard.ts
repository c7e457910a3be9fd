import {
  ATTENTION_COUNTS,
  type AttentionCount,
  DASHBOARD_COMPARED_FIGURES,
  DASHBOARD_FIGURES,
  DASHBOARD_PERIOD_DAYS,
  type DashboardComparedFigure,
  type DashboardFigure,
  GAME_STATUS_FIGURES,
  GAME_STATUS_PERIOD_HOURS,
  type GameStatusFigure,
  type GatherDashboardResult,
  type ModerationDashboard,
} from '@outpost/contracts/backoffice';
import type { ComparedCountName, Count, CountAt, CountedStores, CountName } from '../domain';

/*
 * The admin dashboard's figures (docs/product.md §2.9 'Moderation & Reports' and 'Game Status'), their change against
 * the period before, and what needs attention. The back office owns none of their data: each is a count the domain
 * that holds the data brings (its module's `counts`, and `countsAt` for a figure as it stood in the past), so this
 * module names no other domain.
 */

/** The dashboard's counts, each a count of the domain whose data it counts. */
export interface DashboardCounts {
  figures: Record<DashboardFigure, Count>;
  /** The compared figures as they stood at a past moment. */
  past: Record<DashboardComparedFigure, CountAt>;
  attention: Record<AttentionCount, Count>;
}

/**
 * The Game Status figures, each a count of the domain whose data it counts: the players active now, the purchases of
 * the last 24 hours; and each as it stood at a past moment, for its change.
 */
export interface GameStatusCounts {
  now: Partial<Record<GameStatusFigure, Count>>;
  past: Partial<Record<GameStatusFigure, CountAt>>;
}

/** Every count the dashboard shows, from the domains' counts; one no domain brings is a fault at start. */
export function dashboardCounts(
  counts: Partial<Record<CountName, Count>>,
  countsAt: Partial<Record<ComparedCountName, CountAt>>,
): DashboardCounts {
  const missing = [
    ...[...DASHBOARD_FIGURES, ...ATTENTION_COUNTS].filter((name) => !counts[name]),
    ...DASHBOARD_COMPARED_FIGURES.filter((figure) => !countsAt[figure]).map((figure) => `${figure} (in the past)`),
  ];
  if (missing.length > 0) throw new Error(`No domain brings the dashboard figures ${missing.join(', ')}.`);
  return {
    figures: counts as DashboardCounts['figures'],
    past: countsAt as DashboardCounts['past'],
    attention: counts as DashboardCounts['attention'],
  };
}

/** Runs each of `names`' counts, side by side, into an object by name. */
async function countEach<Name extends string>(
  names: readonly Name[],
  count: (name: Name) => Promise<number>,
): Promise<Record<Name, number>> {
  const values = await Promise.all(names.map(count));
  return Object.fromEntries(names.map((name, index) => [name, values[index]])) as Record<Name, number>;
}

const DAY_MS = 86_400_000;

/** Runs every count on the environment's store (and the accounts'), side by side. */
export async function readModerationDashboard(
  stores: CountedStores,
  counts: DashboardCounts,
  now = new Date(),
): Promise<ModerationDashboard> {
  const periodStart = new Date(now.getTime() - DASHBOARD_PERIOD_DAYS * DAY_MS);
  const [figures, previous, attention] = await Promise.all([
    countEach(DASHBOARD_FIGURES, (figure) => counts.figures[figure](stores)),
    countEach(DASHBOARD_COMPARED_FIGURES, (figure) => counts.past[figure](stores, periodStart)),
    countEach(ATTENTION_COUNTS, (name) => counts.attention[name](stores)),
  ]);
  return { figures, previous, attention };
}

const HOUR_MS = 3_600_000;

/**
 * The Game Status callable's answer for one environment, and the same figures GAME_STATUS_PERIOD_HOURS before.
 * Each figure is a count a domain brings (Active Users: the players on the game's maps now, the live stats'
 * Active now; credit packs and premium periods paid in the last 24 hours, on every channel); the counts of one
 * name from several domains are added up; one no domain counts is 0 (the wire wants numbers).
 */
export async function gatherGameStatus(
  stores: CountedStores,
  queries: GameStatusCounts,
  now = new Date(),
): Promise<GatherDashboardResult> {
  const dayBefore = new Date(now.getTime() - GAME_STATUS_PERIOD_HOURS * HOUR_MS);
  const [dashboardData, previous] = await Promise.all([
    countEach(GAME_STATUS_FIGURES, (figure) => queries.now[figure]?.(stores) ?? Promise.resolve(0)),
    countEach(GAME_STATUS_FIGURES, (figure) => queries.past[figure]?.(stores, dayBefore) ?? Promise.resolve(0)),
  ]);
  return { dashboardData, previous };
}
