import { reportListQuerySchema } from '@outpost/contracts/moderation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setProfileKeys } from '../identity/queries';
import { type SignedIn, signUpWithProfile } from '../identity/testing';
import { inBatches, looksUp, plansOf, readsEvery, settleForPlans } from '../testing/query-plans';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { moderationPlayerRecord } from './player-record';
import { countUnresolvedReportsAt, listReports } from './queries';
import type { ReportTable } from './tables';

const DAY_MS = 24 * 60 * 60_000;
const NOW = new Date('2026-12-01T12:00:00.000Z');
const REPORTS = 4_000;
const PLAYER_NAME = 'Planned';

/*
 * The reads over every report a year of them made slow (the player page, every report newest first,
 * the dashboard's unresolved reports a week ago) each find their rows through an index of
 * migrations/2026-12-27-report-indexes.ts, on both stores: a plan that reads every report fails.
 */
describe.each(TEST_DIALECTS)('the reads of reports on %s', (dialect) => {
  let t: TestApp;
  let player: SignedIn;
  const game = () => t.stores.game.development;
  const seeded: Omit<ReportTable, 'report_number'>[] = [];
  const weekAgo = new Date(NOW.getTime() - 7 * DAY_MS);

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    player = await signUpWithProfile(t.app, (userId, keys) => setProfileKeys(t.stores.identity, userId, keys), {
      email: 'planned@example.com',
      displayName: PLAYER_NAME,
    });
    for (let index = 0; index < REPORTS; index += 1) {
      const created = new Date(NOW.getTime() - (index % 365) * DAY_MS - index * 1_000);
      // Most reports are resolved, a day or so after they were filed.
      const resolved = index % 20 !== 0;
      seeded.push({
        report_id: `report-${index}`,
        category: 'cheating',
        target:
          index % 400 === 0
            ? index % 800 === 0
              ? PLAYER_NAME
              : `@${PLAYER_NAME.toLowerCase()}`
            : `Other${index % 97}`,
        text: 'They did it.',
        reporter: index % 500 === 0 ? player.userId : `player-${index % 300}`,
        source: 'account',
        created_at: created.toISOString(),
        resolved: resolved ? 1 : 0,
        resolved_by: resolved ? 'moderator' : null,
        resolved_at: resolved ? new Date(created.getTime() + DAY_MS + (index % 7) * 3_600_000).toISOString() : null,
        resolution: null,
      });
    }
    await inBatches(seeded, (batch) => game().insertInto('reports').values(batch).execute());
    await settleForPlans(game(), dialect, ['reports']);
  });
  afterAll(async () => {
    await t.cleanup();
  });

  const readsEveryReport = (plan: string) => readsEvery(dialect, plan, 'reports');
  const uses = (plan: string, index: string) => looksUp(dialect, plan, 'reports', index);

  it('finds the player page’s reports by reporter and by the target’s lower case', async () => {
    const planned = await plansOf(game(), dialect, (db) =>
      moderationPlayerRecord({ game: db, identity: t.stores.identity, environment: 'development' }, player.userId),
    );
    const about = planned.filter((query) => query.sql.includes('lower(target)'));
    const filed = planned.filter((query) => !query.sql.includes('lower(target)'));
    expect(about).toHaveLength(2);
    expect(filed).toHaveLength(2);
    for (const query of about) expect(uses(query.plan, 'reports_target'), query.plan).toBe(true);
    for (const query of filed) expect(uses(query.plan, 'reports_reporter'), query.plan).toBe(true);
    for (const query of planned) expect(readsEveryReport(query.plan), query.plan).toBe(false);
  });

  it('reads a page of every report, newest first, in the order of reports_created', async () => {
    const planned = await plansOf(game(), dialect, (db) =>
      listReports(db, reportListQuerySchema.parse({ show: 'all', sort: 'createdAt', order: 'desc' })),
    );
    const page = planned.find((query) => /order by/i.test(query.sql));
    expect(page).toBeDefined();
    const plan = page?.plan ?? '';
    if (dialect === 'sqlite') {
      expect(plan).toMatch(/^SCAN reports USING INDEX reports_created$/m);
      expect(plan).not.toMatch(/TEMP B-TREE/);
    } else {
      expect(plan).toMatch(/Index Scan Backward using reports_created on reports/);
      expect(plan).not.toMatch(/Sort/);
    }
  });

  it('counts the reports unresolved a week ago over two indexes, as the store holds them', async () => {
    const planned = await plansOf(game(), dialect, (db) => countUnresolvedReportsAt(db, weekAgo));
    expect(planned).toHaveLength(2);
    for (const query of planned) expect(readsEveryReport(query.plan), query.plan).toBe(false);
    const since = planned.find((query) => query.sql.includes('resolved_at'));
    expect(uses(since?.plan ?? '', 'reports_resolved_at'), since?.plan).toBe(true);

    const then = weekAgo.toISOString();
    const expected = seeded.filter(
      (report) =>
        report.created_at <= then &&
        (report.resolved === 0 || (report.resolved_at !== null && report.resolved_at > then)),
    ).length;
    expect(expected).toBeGreaterThan(0);
    expect(await countUnresolvedReportsAt(game(), weekAgo)).toBe(expected);
  });
});
