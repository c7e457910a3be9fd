import type { AdminListPage } from '@outpost/contracts/admin-list';
import type { AdminLogEntry, ModerationDashboard } from '@outpost/contracts/backoffice';
import { oneFieldDetails } from '@outpost/contracts/field-errors';
import {
  type AdminReport,
  ALREADY_RESOLVED_CODE,
  type FiledReport,
  REPORT_MESSAGES,
  type Report,
  reportAlreadyResolvedMessage,
  reportNotFoundMessage,
  TRENDING_MIN_REPORTS,
  TRENDING_WINDOW_HOURS,
  type TrendingIssues,
} from '@outpost/contracts/moderation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUpPlayers, signUpRoles } from '../identity/testing';
import { errorAnswer } from '../testing/error-answer';
import { buildTestApp, openTestStores, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { countTrendingIssues, countUnresolvedReports, fileReport, MODERATION_ADMIN_ACTIONS } from './queries';
import { seedModeration } from './seed';

const SERVICE_KEYS = { development: 'd'.repeat(40), beta: undefined, production: 'p'.repeat(40) };
const REPORTS_PER_PLAYER = 3;
const HOUR_MS = 60 * 60 * 1000;

describe.each(TEST_DIALECTS)('reports on %s', (dialect) => {
  let t: TestApp;
  let roles: Record<'player' | 'moderator' | 'staff' | 'admin', SignedIn>;
  let players: SignedIn[];
  const db = () => t.stores.game.development;

  beforeAll(async () => {
    t = await buildTestApp(dialect, {
      config: { ingestKeys: SERVICE_KEYS },
      rateLimits: { report: { max: REPORTS_PER_PLAYER, windowMs: 60_000 } },
    });
    roles = await signUpRoles(t.app, t.stores.identity, {
      player: [],
      moderator: ['moderator'],
      staff: ['staff'],
      admin: ['admin'],
    });
    players = await signUpPlayers(t.app, t.stores.identity, 'reporter', 24);
  });
  afterAll(async () => {
    await t.cleanup();
  });

  let nextPlayer = 0;
  /** A player with a fresh filing budget. */
  const freshPlayer = () => {
    const player = players[nextPlayer];
    nextPlayer += 1;
    if (!player) throw new Error('out of test players');
    return player;
  };

  const fileAsPlayer = (caller: SignedIn | null, body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/account/reports',
      headers: caller ? { authorization: caller.bearer } : {},
      payload: body as object,
    });
  const fileAsGame = (environment: string, body: unknown, key = SERVICE_KEYS.development) =>
    t.app.inject({
      method: 'POST',
      url: `/api/ingest/${environment}/reports`,
      headers: { authorization: `Bearer ${key}` },
      payload: body as object,
    });
  const list = async (query: string, caller: SignedIn = roles.moderator) => {
    const response = await t.app.inject({
      url: `/api/admin/development/reports${query}`,
      headers: { authorization: caller.bearer },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as AdminListPage<Report>;
  };
  const resolve = (
    reportID: string,
    caller: SignedIn = roles.moderator,
    body: object = {},
    environment = 'development',
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/${environment}/reports/${reportID}/resolve`,
      headers: { authorization: caller.bearer },
      payload: body,
    });
  const dashboard = async (environment = 'development') => {
    const response = await t.app.inject({
      url: `/api/admin/${environment}/dashboard`,
      headers: { authorization: roles.moderator.bearer },
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as ModerationDashboard).figures;
  };
  const resolveLog = async () => {
    const response = await t.app.inject({
      url: `/api/admin/development/admin-log?action=${MODERATION_ADMIN_ACTIONS.resolveReport}&pageSize=500`,
      headers: { authorization: roles.admin.bearer },
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as AdminListPage<AdminLogEntry>).rows;
  };
  /** A report filed straight into the store, `hoursAgo` in the past. */
  const fileAgo = (target: string, hoursAgo: number, category: 'cheating' | 'bug' = 'cheating') =>
    fileReport(db(), {
      category,
      target,
      text: 'seen in game',
      reporter: null,
      source: 'game',
      now: new Date(Date.now() - hoursAgo * HOUR_MS),
    });

  describe('filing', () => {
    it('files a signed-in player’s report under a new random id, unresolved, trimmed', async () => {
      const player = freshPlayer();
      const response = await fileAsPlayer(player, {
        category: 'harassment',
        target: '  @griefer ',
        text: ' Insults in the lobby. ',
      });
      expect(response.statusCode, response.body).toBe(200);
      const filed = response.json() as FiledReport;
      expect(filed).toEqual({
        reportID: expect.stringMatching(/^[a-z0-9]{16}$/),
        reportNumber: expect.any(Number),
        category: 'harassment',
        target: '@griefer',
        text: 'Insults in the lobby.',
        createdAt: expect.any(String),
        resolved: false,
      });
      const stored = await db().selectFrom('reports').selectAll().where('report_id', '=', filed.reportID).execute();
      expect(stored).toEqual([
        expect.objectContaining({
          reporter: player.userId,
          source: 'account',
          resolved: 0,
          resolved_by: null,
          report_number: filed.reportNumber,
        }),
      ]);
    });

    it('numbers reports filed at once each with its own number, which finds it in the list', async () => {
      const filed = await Promise.all(
        Array.from({ length: 12 }, async (_, index) => {
          const response = await fileAsPlayer(freshPlayer(), {
            category: 'bug',
            target: `Ladder ${index}`,
            text: 'Falls.',
          });
          expect(response.statusCode, response.body).toBe(200);
          return response.json() as FiledReport;
        }),
      );
      const numbers = filed.map((report) => report.reportNumber);
      expect(new Set(numbers).size).toBe(filed.length);
      const last = filed.at(-1) as FiledReport;
      for (const q of [`%23${last.reportNumber}`, String(last.reportNumber)]) {
        expect((await list(`?q=${q}&show=all`)).rows.map((report) => report.reportID)).toContain(last.reportID);
      }
    });

    it('refuses a visitor (401) and bad reports with the field’s message (400), storing nothing', async () => {
      const before = await db().selectFrom('reports').select('report_id').execute();
      expect((await fileAsPlayer(null, { category: 'bug', target: 'x', text: 'y' })).statusCode).toBe(401);
      const cases: [object, string][] = [
        [{ category: 'rudeness', target: 'x', text: 'y' }, `category: ${REPORT_MESSAGES.category}`],
        [{ category: 'bug', target: '   ', text: 'y' }, `target: ${REPORT_MESSAGES.targetRequired}`],
        [{ category: 'bug', target: 'x' }, `text: ${REPORT_MESSAGES.textRequired}`],
        [{ category: 'bug', target: 'x', text: 'y'.repeat(2001) }, `text: ${REPORT_MESSAGES.textTooLong}`],
      ];
      for (const [body, message] of cases) {
        // A player each: refusals count against a player's budget too.
        const response = await fileAsPlayer(freshPlayer(), body);
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json()).toEqual(errorAnswer('invalid-argument', message));
      }
      expect(await db().selectFrom('reports').select('report_id').execute()).toEqual(before);
    });

    it('limits how many reports one player files, without limiting the next player', async () => {
      const player = freshPlayer();
      const body = { category: 'scam', target: '@spammer', text: 'Ads in chat.' };
      const statuses: number[] = [];
      for (let index = 0; index <= REPORTS_PER_PLAYER; index += 1) {
        statuses.push((await fileAsPlayer(player, body)).statusCode);
      }
      expect(statuses).toEqual([...Array<number>(REPORTS_PER_PLAYER).fill(200), 429]);
      expect((await fileAsPlayer(freshPlayer(), body)).statusCode).toBe(200);
    });

    it('files the game’s reports with the environment’s service key, into that environment', async () => {
      const response = await fileAsGame(
        'production',
        {
          category: 'cheating',
          target: '@speedhack',
          text: 'Moves faster than any vehicle.',
          reporterID: roles.player.userId,
        },
        SERVICE_KEYS.production,
      );
      expect(response.statusCode, response.body).toBe(200);
      const filed = response.json() as FiledReport;
      const stored = await t.stores.game.production
        .selectFrom('reports')
        .selectAll()
        .where('report_id', '=', filed.reportID)
        .executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ source: 'game', reporter: roles.player.userId, target: '@speedhack' });
      expect(
        await db().selectFrom('reports').where('report_id', '=', filed.reportID).select('report_id').execute(),
      ).toEqual([]);

      const anonymous = await fileAsGame('development', { category: 'bug', target: 'Bridge', text: 'Falls apart.' });
      expect(anonymous.statusCode, anonymous.body).toBe(200);
      const row = await db()
        .selectFrom('reports')
        .select(['reporter', 'source'])
        .where('report_id', '=', (anonymous.json() as FiledReport).reportID)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ reporter: null, source: 'game' });

      // Another environment's key, or a player's session, opens nothing.
      const wrongKey = await fileAsGame(
        'development',
        { category: 'bug', target: 'x', text: 'y' },
        SERVICE_KEYS.production,
      );
      expect(wrongKey.statusCode).toBe(401);
      const asPlayer = await t.app.inject({
        method: 'POST',
        url: '/api/ingest/development/reports',
        headers: { authorization: roles.admin.bearer },
        payload: { category: 'bug', target: 'x', text: 'y' },
      });
      expect(asPlayer.statusCode).toBe(401);
    });
  });

  describe('the moderators’ list', () => {
    it('lists unresolved reports by default, newest first, each with its reportID; filters and pages', async () => {
      const targets = ['@list-a', '@list-a', '@list-b'];
      const filed: FiledReport[] = [];
      for (const [index, target] of targets.entries()) {
        const response = await fileAsGame('development', {
          category: index === 2 ? 'scam' : 'hate-speech',
          target,
          text: `List case ${index} mentions a rare word: zebracorn${index}`,
        });
        filed.push(response.json() as FiledReport);
      }
      const resolvedOne = await resolve(filed[1]?.reportID as string);
      expect(resolvedOne.statusCode, resolvedOne.body).toBe(200);

      const unresolved = await list('?pageSize=500');
      expect(unresolved.rows.every((report) => !report.resolved)).toBe(true);
      expect(unresolved.rows.map((report) => report.reportID)).toContain(filed[0]?.reportID);
      expect(unresolved.rows.map((report) => report.reportID)).not.toContain(filed[1]?.reportID);
      const times = unresolved.rows.map((report) => report.createdAt);
      expect(times).toEqual([...times].sort().reverse());

      expect((await list('?target=%40list-a')).rows.map((report) => report.reportID)).toEqual([filed[0]?.reportID]);
      expect((await list('?target=%40list-a&show=all')).total).toBe(2);
      expect((await list('?target=%40list-a&show=resolved')).rows).toEqual([
        expect.objectContaining({ reportID: filed[1]?.reportID, resolved: true, resolvedBy: roles.moderator.userId }),
      ]);
      expect((await list('?category=scam&q=ZEBRACORN')).rows.map((report) => report.reportID)).toEqual([
        filed[2]?.reportID,
      ]);

      const firstPage = await list('?pageSize=1&sort=target&order=asc&q=zebracorn&show=all');
      expect(firstPage).toMatchObject({ total: 3, page: 1, pageSize: 1 });
      expect(firstPage.rows[0]?.target).toBe('@list-a');

      const badFilter = await t.app.inject({
        url: '/api/admin/development/reports?show=open',
        headers: { authorization: roles.moderator.bearer },
      });
      expect(badFilter.json()).toEqual(
        errorAnswer('invalid-argument', 'show: show must be unresolved, resolved or all.'),
      );

      const one = await t.app.inject({
        url: `/api/admin/development/reports/${filed[0]?.reportID}`,
        headers: { authorization: roles.staff.bearer },
      });
      expect(one.json()).toMatchObject({ reportID: filed[0]?.reportID, source: 'game', reporter: null });
      const missing = await t.app.inject({
        url: '/api/admin/development/reports/nosuchreport',
        headers: { authorization: roles.staff.bearer },
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual(errorAnswer('not-found', reportNotFoundMessage('nosuchreport', 'development')));
    });

    it('keeps players out of the list and the resolve (403), and lets moderators, staff and admins in', async () => {
      const filed = (await fileAsGame('development', { category: 'bug', target: 'Gate', text: 'Stuck.' })).json();
      const player = await t.app.inject({
        url: '/api/admin/development/reports',
        headers: { authorization: roles.player.bearer },
      });
      expect(player.statusCode).toBe(403);
      expect((await resolve(filed.reportID, roles.player)).statusCode).toBe(403);
      for (const caller of [roles.moderator, roles.staff, roles.admin]) {
        expect((await list('', caller)).rows.length).toBeGreaterThan(0);
      }
      const report = await t.app.inject({
        url: `/api/admin/development/reports/${filed.reportID}`,
        headers: { authorization: roles.moderator.bearer },
      });
      expect(report.json()).toMatchObject({ resolved: false });
    });
  });

  describe('resolving', () => {
    it('resolves once with its admin-log entry; a second resolve is 409 naming who was first, and logs nothing', async () => {
      const filed = (
        await fileAsGame('development', { category: 'cheating', target: '@aimbot', text: 'Never misses.' })
      ).json();
      const logBefore = await resolveLog();
      const response = await resolve(filed.reportID, roles.moderator, { resolution: '  Banned for a week. ' });
      expect(response.statusCode, response.body).toBe(200);
      const resolved = response.json() as Report;
      expect(resolved).toMatchObject({
        reportID: filed.reportID,
        resolved: true,
        resolvedBy: roles.moderator.userId,
        resolution: 'Banned for a week.',
      });
      const log = await resolveLog();
      expect(log).toHaveLength(logBefore.length + 1);
      expect(log[0]).toMatchObject({
        action: 'report.resolve',
        environment: 'development',
        admin: roles.moderator.userId,
        data: { reportID: filed.reportID, resolution: 'Banned for a week.' },
      });
      expect(log[0]?.timestamp).toBe(resolved.resolvedAt);

      const again = await resolve(filed.reportID, roles.staff);
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toMatchObject({
        status: 'ABORTED',
        // The moderator by their name: a raw user id says nothing to the one who pressed Resolve second.
        message: reportAlreadyResolvedMessage('@moderator-role', resolved.resolvedAt as string),
        details: { code: ALREADY_RESOLVED_CODE, report: resolved },
      });
      expect(await resolveLog()).toHaveLength(log.length);

      const unknown = await resolve('nosuchreport');
      expect(unknown.statusCode).toBe(404);
      expect(await resolveLog()).toHaveLength(log.length);
      // The report lives in development: production has no such report.
      expect((await resolve(filed.reportID, roles.moderator, {}, 'production')).statusCode).toBe(404);
    });

    it('names the reporting player and the resolving moderator in the list, the report and the resolve', async () => {
      const reporter = roles.player;
      const filed = (
        await fileAsPlayer(reporter, { category: 'scam', target: '@named_one', text: 'Fake giveaway.' })
      ).json() as FiledReport;
      const byGame = (
        await fileAsGame('development', { category: 'scam', target: '@named_one', text: 'Spam in trade chat.' })
      ).json() as FiledReport;
      const reporterPerson = { userID: reporter.userId, displayName: 'player-role', email: reporter.email };
      const moderatorPerson = {
        userID: roles.moderator.userId,
        displayName: 'moderator-role',
        email: roles.moderator.email,
      };

      const rows = (await list('?target=%40named_one')).rows as AdminReport[];
      // Both reports may share a millisecond, and then the list's tie-break (the random report id) orders
      // them: this test is about the names, so it reads each row by its id.
      const named = new Map(rows.map((row) => [row.reportID, [row.reporterPerson, row.resolvedByPerson]]));
      expect(rows).toHaveLength(2);
      expect(named.get(byGame.reportID)).toEqual([null, null]);
      expect(named.get(filed.reportID)).toEqual([reporterPerson, null]);

      const resolved = await resolve(filed.reportID, roles.moderator);
      expect(resolved.statusCode, resolved.body).toBe(200);
      expect(resolved.json()).toMatchObject({ reporterPerson, resolvedByPerson: moderatorPerson });
      const read = await t.app.inject({
        url: `/api/admin/development/reports/${filed.reportID}`,
        headers: { authorization: roles.staff.bearer },
      });
      expect(read.json()).toMatchObject({
        reporter: reporter.userId,
        reporterPerson,
        resolvedBy: roles.moderator.userId,
        resolvedByPerson: moderatorPerson,
      });

      // An id that names no account (a deleted one's anonymous id) is still answered, with neither name nor email.
      await db().updateTable('reports').set({ reporter: 'gone0000' }).where('report_id', '=', filed.reportID).execute();
      const gone = (await list('?show=all&target=%40named_one')).rows.find((row) => row.reportID === filed.reportID);
      expect((gone as AdminReport).reporterPerson).toEqual({ userID: 'gone0000', displayName: null, email: null });
    });

    it('lets exactly one of many concurrent resolves through, with one log entry', async () => {
      const filed = (
        await fileAsGame('development', { category: 'scam', target: '@racer', text: 'Fake trades.' })
      ).json();
      const logBefore = await resolveLog();
      const callers = [roles.moderator, roles.staff, roles.admin];
      const responses = await Promise.all(
        Array.from({ length: 12 }, (_, index) => resolve(filed.reportID, callers[index % callers.length])),
      );
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses).toEqual([200, ...Array<number>(11).fill(409)]);
      const log = await resolveLog();
      expect(log).toHaveLength(logBefore.length + 1);
      const winner = responses.find((response) => response.statusCode === 200)?.json() as Report;
      expect(log[0]?.admin).toBe(winner.resolvedBy);
    });

    it('refuses a resolution note that is too long (400) and leaves the report open', async () => {
      const filed = (await fileAsGame('development', { category: 'bug', target: 'Pier', text: 'Missing.' })).json();
      const response = await resolve(filed.reportID, roles.moderator, { resolution: 'x'.repeat(1001) });
      expect(response.json()).toEqual(
        errorAnswer(
          'invalid-argument',
          `resolution: ${REPORT_MESSAGES.resolutionTooLong}`,
          // The field at fault, for the form to mark.
          oneFieldDetails('resolution', REPORT_MESSAGES.resolutionTooLong),
        ),
      );
      expect((await list(`?show=unresolved&target=Pier`)).total).toBe(1);
    });
  });

  describe('the dashboard', () => {
    it('moves Unresolved Reports and Trending Issues as reports are filed and resolved', async () => {
      const start = await dashboard();
      expect(start.unresolvedReports).toBe((await list('?pageSize=1')).total);

      // One pair short of the threshold, then at it: a trending issue.
      const reports: FiledReport[] = [];
      for (let index = 0; index < TRENDING_MIN_REPORTS; index += 1) {
        if (index === TRENDING_MIN_REPORTS - 1) expect((await dashboard()).trendingIssues).toBe(start.trendingIssues);
        const response = await fileAsGame('development', {
          category: 'cheating',
          target: '@trending-wallhack',
          text: `Report ${index}`,
        });
        reports.push(response.json() as FiledReport);
      }
      // The same target under another category is another pair, below the threshold.
      await fileAsGame('development', { category: 'bug', target: '@trending-wallhack', text: 'Also a glitch?' });
      const peak = await dashboard();
      expect(peak).toMatchObject({
        unresolvedReports: (start.unresolvedReports ?? 0) + TRENDING_MIN_REPORTS + 1,
        trendingIssues: (start.trendingIssues ?? 0) + 1,
      });
      const trending = await t.app.inject({
        url: '/api/admin/development/reports/trending',
        headers: { authorization: roles.moderator.bearer },
      });
      expect(trending.json() as TrendingIssues).toMatchObject({
        windowHours: TRENDING_WINDOW_HOURS,
        minReports: TRENDING_MIN_REPORTS,
        issues: expect.arrayContaining([
          {
            category: 'cheating',
            target: '@trending-wallhack',
            reports: TRENDING_MIN_REPORTS,
            latestAt: reports.at(-1)?.createdAt,
          },
        ]),
      });

      // Resolving one drops both figures; other environments never counted them.
      expect((await resolve(reports[0]?.reportID as string)).statusCode).toBe(200);
      expect(await dashboard()).toMatchObject({
        unresolvedReports: (peak.unresolvedReports ?? 0) - 1,
        trendingIssues: start.trendingIssues,
      });
      expect(await dashboard('beta')).toMatchObject({ unresolvedReports: 0, trendingIssues: 0 });
    });

    it('counts only reports of the last 24 hours as trending', async () => {
      const before = await dashboard();
      for (let index = 0; index < TRENDING_MIN_REPORTS; index += 1) {
        await fileAgo('@old-news', TRENDING_WINDOW_HOURS + 1);
      }
      const after = await dashboard();
      expect(after.unresolvedReports).toBe((before.unresolvedReports ?? 0) + TRENDING_MIN_REPORTS);
      expect(after.trendingIssues).toBe(before.trendingIssues);
      // One fresh report is not enough either: the two old ones it would need are outside the window.
      await fileAgo('@old-news', 1);
      expect((await dashboard()).trendingIssues).toBe(before.trendingIssues);
    });
  });
});

describe.each(TEST_DIALECTS)('the moderation demo data on %s', (dialect) => {
  it('shows unresolved reports and one trending issue, and a re-seed restores a demo report resolved meanwhile', async () => {
    const t = await openTestStores(dialect);
    try {
      const db = t.stores.game.development;
      await seedModeration(db, new Date());
      expect(await countUnresolvedReports(db)).toBe(4);
      expect(await countTrendingIssues(db)).toBe(1);
      // The demo has no accounts: every report is the game's for nobody known, so the list and the
      // report both say "The game" filed it, and the resolved one names no moderator.
      const people = await db.selectFrom('reports').select(['source', 'reporter', 'resolved_by']).execute();
      expect(new Set(people.map((row) => JSON.stringify(row)))).toEqual(
        new Set([JSON.stringify({ source: 'game', reporter: null, resolved_by: null })]),
      );
      await db.updateTable('reports').set({ resolved: 1, resolved_by: 'someone' }).execute();
      expect(await countUnresolvedReports(db)).toBe(0);
      await seedModeration(db, new Date());
      expect(await countUnresolvedReports(db)).toBe(4);
      expect(await db.selectFrom('reports').select('report_id').execute()).toHaveLength(5);
    } finally {
      await t.cleanup();
    }
  });
});
