import { CALENDAR_MESSAGES } from '@outpost/contracts/calendar/schemas';
import { EXPERIMENTS_ADMIN_ACTIONS as ACTIONS } from '@outpost/contracts/experiments/contract';
import type { CreateExperimentInput, Experiment } from '@outpost/contracts/experiments/schemas';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedEntries } from '../backoffice/testing';
import { calendarRoutes } from '../calendar/testing';
import { type SignedIn, signUpRoles } from '../identity/testing';
import { seedDemoData } from '../seed';
import { errorAnswer } from '../testing/error-answer';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { EXPERIMENTS_ADVANCE_JOB } from './jobs';

/*
 * Experiments on the back office's calendar, through its routes on each store: one running with
 * no end drawn up to now, on every day it has run; a scheduled one moved with its start's run
 * queued at the new time (as its screen queues it), and a move whose end would pass the year 9999
 * refused in the contract's words, changing nothing.
 */

const ENV = 'development';
const BASE = `/api/admin/${ENV}/experiments`;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();

describe.each(TEST_DIALECTS)('experiments on the calendar on %s', (dialect) => {
  let t: TestApp;
  let roles: Record<'moderator' | 'admin', SignedIn>;
  const db = () => t.stores.game[ENV];

  beforeAll(async () => {
    // The app's own runner stays out of the way: the queued runs are read, not run.
    t = await buildTestApp(dialect, { jobPollMs: 60 * MINUTE });
    await seedDemoData(t.stores, ENV);
    roles = await signUpRoles(t.app, t.stores.identity, { moderator: ['moderator'], admin: ['admin'] });
  });
  afterAll(async () => {
    await t.cleanup();
  });

  const send = (method: 'GET' | 'POST', url: string, payload?: object, as: SignedIn = roles.admin) =>
    t.app.inject({ method, url, headers: { authorization: as.bearer }, ...(payload ? { payload } : {}) });
  async function ok<Body>(response: Promise<LightMyRequestResponse>): Promise<Body> {
    const answered = await response;
    expect(answered.statusCode, answered.body).toBe(200);
    return answered.json() as Body;
  }
  /** A draft on the parameter, made on the experiments screen, then started (at `startsAt` when given). */
  async function started(
    over: Partial<CreateExperimentInput> & Pick<CreateExperimentInput, 'experimentID' | 'parameterKey'>,
    startsAt?: string,
  ): Promise<Experiment> {
    const variants =
      over.parameterKey === 'night_market_enabled'
        ? [
            { name: 'Closed', value: false, weight: 1 },
            { name: 'Open', value: true, weight: 1 },
          ]
        : [
            { name: 'Control', value: 50, weight: 1 },
            { name: 'Generous', value: 80, weight: 1 },
          ];
    const draft = await ok<Experiment>(
      send('POST', BASE, {
        name: `Experiment ${over.experimentID}`,
        description: '',
        segmentID: null,
        variants,
        metric: 'creditsSpentPerPlayer',
        startsAt: null,
        endsAt: null,
        ...over,
      }),
    );
    return ok<Experiment>(
      send('POST', `${BASE}/${draft.experimentID}/start`, {
        revision: draft.revision,
        ...(startsAt ? { startsAt } : {}),
      }),
    );
  }
  const { entries: calendarOf, move } = calendarRoutes(
    () => t.app,
    'experiment',
    () => roles.admin,
    ENV,
  );
  const entryOf = async (experimentID: string, from: number, to: number, as?: SignedIn) =>
    (await calendarOf(from, to, as)).find((entry) => entry.entryID === experimentID);
  /** The advance job's waiting run at `at` in this environment, when one is queued. */
  const waitingRun = (at: string) =>
    t.stores.identity
      .selectFrom('jobs')
      .select('run_at')
      .where('name', '=', EXPERIMENTS_ADVANCE_JOB)
      .where('key', '=', `${ENV}:${at}`)
      .where('status', '=', 'pending')
      .executeTakeFirst();

  it('draws one running with no end up to now, on every day it has run, and to its end once stopped', async () => {
    const running = await started({ experimentID: 'open-ended', parameterKey: 'daily_reward_credits' });
    expect(running).toMatchObject({ state: 'running', endsAt: null });
    // Started three days ago: it is on today's calendar, not only on the day it started.
    const startedAt = Date.now() - 3 * DAY;
    await db()
      .updateTable('experiments')
      .set({ started_at: iso(startedAt) })
      .where('experiment_id', '=', 'open-ended')
      .execute();
    const before = Date.now();
    const today = await entryOf('open-ended', before - HOUR, before + HOUR);
    const after = Date.now();
    expect(today).toMatchObject({ startsAt: iso(startedAt), state: 'under-way', canMove: false, canCancel: false });
    const end = Date.parse(today?.endsAt ?? '');
    expect(end).toBeGreaterThanOrEqual(before);
    expect(end).toBeLessThanOrEqual(after);
    // Every day between, as a moderator (who reads experiments) sees it too; nothing before it nor to come.
    expect(await entryOf('open-ended', startedAt + DAY, startedAt + DAY + HOUR, roles.moderator)).toMatchObject({
      state: 'under-way',
    });
    expect(await entryOf('open-ended', startedAt - 2 * DAY, startedAt - DAY)).toBeUndefined();
    expect(await entryOf('open-ended', after + DAY, after + 2 * DAY)).toBeUndefined();

    const stopped = await ok<Experiment>(send('POST', `${BASE}/open-ended/stop`, { revision: running.revision }));
    expect(await entryOf('open-ended', startedAt - HOUR, Date.now() + HOUR)).toMatchObject({
      startsAt: iso(startedAt),
      endsAt: stopped.endedAt,
      state: 'done',
    });
  });

  it("moves a scheduled one with its start's run queued at the new time, as its screen queues it", async () => {
    const startsAt = iso(Date.now() + 2 * DAY);
    const endsAt = iso(Date.parse(startsAt) + 7 * DAY);
    const scheduled = await started(
      { experimentID: 'moved', parameterKey: 'night_market_enabled', startsAt, endsAt },
      startsAt,
    );
    expect(scheduled).toMatchObject({ state: 'scheduled', startsAt, endsAt });
    // The screen's start queued its moments.
    expect(await waitingRun(startsAt)).toBeDefined();

    const movedTo = iso(Date.now() + 3 * DAY);
    const movedEnd = iso(Date.parse(movedTo) + 7 * DAY);
    await ok(move('moved', movedTo));
    expect(await ok<Experiment>(send('GET', `${BASE}/moved`))).toMatchObject({
      state: 'scheduled',
      startsAt: movedTo,
      endsAt: movedEnd,
    });
    for (const at of [movedTo, movedEnd]) {
      const run = await waitingRun(at);
      expect(run, at).toBeDefined();
      expect(new Date(run?.run_at ?? '').toISOString()).toBe(at);
    }
    expect(await entryOf('moved', Date.now(), Date.now() + 10 * DAY)).toMatchObject({
      startsAt: movedTo,
      endsAt: movedEnd,
      state: 'scheduled',
      canMove: true,
    });

    // An end past the year 9999 is no date the contract takes: refused in its words, nothing changed.
    const edits = (await loggedEntries(db(), ACTIONS.update)).length;
    const refused = await move('moved', '9999-12-28T00:00:00.000Z');
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toEqual(errorAnswer('invalid-argument', 'endsAt: Ends at must be a date and time.'));
    expect(await ok<Experiment>(send('GET', `${BASE}/moved`))).toMatchObject({ startsAt: movedTo, endsAt: movedEnd });
    expect(await loggedEntries(db(), ACTIONS.update)).toHaveLength(edits);
    // A moderator reads it but may not move it.
    const moderated = await move('moved', movedTo, roles.moderator);
    expect(moderated.statusCode).toBe(403);
    expect(moderated.json()).toEqual(errorAnswer('permission-denied', CALENDAR_MESSAGES.notAllowed('experiment')));
  });
});
