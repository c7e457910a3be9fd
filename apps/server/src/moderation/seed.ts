import type { ReportCategory } from '@outpost/contracts/moderation';
import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';
import { putReports } from './queries';
import type { ReportRow } from './tables';

/*
 * The moderation demo data: a handful of unresolved reports, three of them about one griefer in
 * the last hours (so Trending Issues shows one), and one resolved report as the moderators' record.
 * The players reported are the demo's players (identity's DEMO_PLAYERS, seeded before this), so "Find the
 * reported player" finds and opens them. The demo has no moderators or reporting players, so every demo
 * report is one the game's servers filed, and the resolved one names no moderator: a stored id that names
 * no account would read as a deleted one.
 */

interface DemoReport {
  id: string;
  category: ReportCategory;
  target: string;
  text: string;
  hoursAgo: number;
  resolution?: string;
}

const DEMO_REPORTS: readonly DemoReport[] = [
  {
    id: 'demoreport000001',
    category: 'harassment',
    target: '@crate_raider',
    text: 'Keeps following me around the market and spamming insults in proximity chat.',
    hoursAgo: 2,
  },
  {
    id: 'demoreport000002',
    category: 'harassment',
    target: '@crate_raider',
    text: 'Blocked the door of our container base for an hour and laughed at us.',
    hoursAgo: 5,
  },
  {
    id: 'demoreport000003',
    category: 'harassment',
    target: '@crate_raider',
    text: 'Same player again, now in the lobby, calling new players names.',
    hoursAgo: 9,
  },
  {
    id: 'demoreport000004',
    category: 'bug',
    target: 'Radio tower ladder',
    text: 'Climbing the ladder at the radio tower drops me through the floor.',
    hoursAgo: 30,
  },
  {
    id: 'demoreport000005',
    category: 'scam',
    target: '@free_g00wiy',
    text: 'Promises free g00wiy if you trade him your hoodie first.',
    hoursAgo: 50,
    resolution: 'Warned the player; trade scam messages removed.',
  },
];

const HOUR_MS = 60 * 60 * 1000;

export async function seedModeration(db: Kysely<GameDatabase>, now: Date): Promise<void> {
  const rows = DEMO_REPORTS.map((demo): Omit<ReportRow, 'report_number'> => {
    const createdAt = new Date(now.getTime() - demo.hoursAgo * HOUR_MS).toISOString();
    return {
      report_id: demo.id,
      category: demo.category,
      target: demo.target,
      text: demo.text,
      reporter: null,
      source: 'game',
      created_at: createdAt,
      resolved: demo.resolution ? 1 : 0,
      resolved_by: null,
      resolved_at: demo.resolution ? new Date(now.getTime() - (demo.hoursAgo - 1) * HOUR_MS).toISOString() : null,
      resolution: demo.resolution ?? null,
    };
  });
  await putReports(db, rows);
}
