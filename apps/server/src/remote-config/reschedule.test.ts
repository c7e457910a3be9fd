import { REMOTE_CONFIG_ADMIN_ACTIONS as ACTIONS } from '@outpost/contracts/remote-config/contract';
import {
  type RemoteConfigState,
  type RemoteConfigTemplate,
  REMOTE_CONFIG_MESSAGES as SAY,
} from '@outpost/contracts/remote-config/schemas';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedEntries } from '../backoffice/testing';
import { type SignedIn, signUpRoles } from '../identity/testing';
import { JobRunner } from '../platform/jobs/runner';
import { QUIET_JOB_LOG } from '../platform/jobs/testing';
import { errorAnswer } from '../testing/error-answer';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { REMOTE_CONFIG_PUBLISH_JOB, remoteConfigJobs } from './jobs';

/*
 * A scheduled publish rescheduled from the remote-config screen's own route, on each store: the
 * calendar's move (reschedulePublish, jobs.ts) with the same rule, refusals and admin-log entry; the
 * waiting run follows it; refusals and those without manageShop change nothing.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const iso = (ms: number) => new Date(ms).toISOString();

const withCredits = (credits: number): RemoteConfigTemplate => ({
  conditions: [],
  parameters: [{ key: 'daily_reward_credits', type: 'number', defaultValue: credits, conditionalValues: [] }],
});

describe.each(TEST_DIALECTS)('rescheduling a remote config publish on %s', (dialect) => {
  let t: TestApp;
  let admin: SignedIn;
  let staff: SignedIn;
  let moderator: SignedIn;
  /** The runner's clock: the real one unless a test moves it. */
  let clock: number | null = null;
  const db = () => t.stores.game.development;
  const base = '/api/admin/development/remote-config';
  let credits = 100;

  beforeAll(async () => {
    // The app's own runner stays out of the way: the test runs the publish job with a runner of its own.
    t = await buildTestApp(dialect, { jobPollMs: 60 * MINUTE });
    ({ admin, staff, moderator } = await signUpRoles(t.app, t.stores.identity, {
      admin: ['admin'],
      staff: ['staff'],
      moderator: ['moderator'],
    }));
  });
  afterAll(async () => {
    await t.cleanup();
  });

  const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object, as: SignedIn = admin) =>
    t.app.inject({ method, url, headers: { authorization: as.bearer }, ...(payload ? { payload } : {}) });
  async function state(): Promise<RemoteConfigState> {
    const response = await call('GET', base);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as RemoteConfigState;
  }
  /** Saves a draft giving the next number of credits and schedules its publish at `at`, as the screen does. */
  async function schedule(description: string, at: number): Promise<string> {
    credits += 1;
    const saved = await call('PUT', `${base}/draft`, {
      template: withCredits(credits),
      revision: (await state()).draftRevision,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const published = await call('POST', `${base}/publish`, {
      description,
      revision: (saved.json() as RemoteConfigState).draftRevision,
      publishAt: iso(at),
    });
    expect(published.statusCode, published.body).toBe(200);
    return (published.json() as { scheduled: { scheduleID: string } }).scheduled.scheduleID;
  }
  const reschedule = (scheduleID: string, publishAt: string, as: SignedIn = admin) =>
    call('POST', `${base}/scheduled/${scheduleID}/reschedule`, { publishAt }, as);
  const runDue = () =>
    new JobRunner({
      db: t.stores.identity,
      definitions: remoteConfigJobs({ game: t.stores.game, identity: t.stores.identity, parameterUses: [] }).filter(
        (job) => job.name === REMOTE_CONFIG_PUBLISH_JOB,
      ),
      log: QUIET_JOB_LOG,
      now: () => new Date(clock ?? Date.now()),
      instanceId: 'reschedule-test',
    }).runDue();
  const scheduleRow = (scheduleID: string) =>
    db().selectFrom('remote_config_schedules').selectAll().where('schedule_id', '=', scheduleID).executeTakeFirst();
  const topVersion = async () =>
    (await db().selectFrom('remote_config_versions').select('version').orderBy('version', 'desc').executeTakeFirst())
      ?.version ?? 0;
  const reschedulesOf = async (description: string) =>
    (await loggedEntries(db(), ACTIONS.reschedule)).filter((entry) => entry.data.description === description);
  const waitingRun = (scheduleID: string) =>
    t.stores.identity
      .selectFrom('jobs')
      .select('run_at')
      .where('name', '=', REMOTE_CONFIG_PUBLISH_JOB)
      .where('key', '=', `development:${scheduleID}`)
      .where('status', '=', 'pending')
      .executeTakeFirst();

  it('moves a schedule, logged as the calendar logs it, and its waiting run publishes at the new time only', async () => {
    const start = Date.now();
    const scheduleID = await schedule('Weekend banner', start + HOUR);
    // Staff hold manageShop, as the screen's other writes take.
    const moved = await reschedule(scheduleID, iso(start + 3 * HOUR), staff);
    expect(moved.statusCode, moved.body).toBe(200);
    expect((moved.json() as RemoteConfigState).scheduled).toEqual([
      expect.objectContaining({ scheduleID, publishAt: iso(start + 3 * HOUR), description: 'Weekend banner' }),
    ]);
    expect(await reschedulesOf('Weekend banner')).toEqual([
      {
        admin: staff.userId,
        data: { publishAt: iso(start + 3 * HOUR), previousPublishAt: iso(start + HOUR), description: 'Weekend banner' },
      },
    ]);
    expect(await waitingRun(scheduleID)).toEqual({ run_at: iso(start + 3 * HOUR) });

    const before = await topVersion();
    clock = start + HOUR + MINUTE;
    expect(await runDue()).toBe(0);
    expect(await topVersion()).toBe(before);
    clock = start + 3 * HOUR + MINUTE;
    expect(await runDue()).toBe(1);
    clock = null;
    expect(await topVersion()).toBe(before + 1);
    expect(await scheduleRow(scheduleID)).toBeUndefined();
  });

  it('refuses a time past or malformed, a schedule gone or unknown, and those without manageShop, changing nothing', async () => {
    const start = Date.now();
    const scheduleID = await schedule('Stays put', start + HOUR);
    const cancelled = await schedule('Called off', start + 2 * HOUR);
    expect((await call('DELETE', `${base}/scheduled/${cancelled}`)).statusCode).toBe(200);
    const version = await topVersion();

    const refusals: [LightMyRequestResponse, number, ReturnType<typeof errorAnswer>][] = [
      [await reschedule(scheduleID, iso(start - MINUTE)), 400, errorAnswer('invalid-argument', SAY.movedIntoPast)],
      [await reschedule(cancelled, iso(start + 3 * HOUR)), 404, errorAnswer('not-found', SAY.scheduleNotFound)],
      [
        await reschedule('no-such-schedule', iso(start + 3 * HOUR)),
        404,
        errorAnswer('not-found', SAY.scheduleNotFound),
      ],
    ];
    for (const [refused, status, answer] of refusals) {
      expect(refused.statusCode, refused.body).toBe(status);
      expect(refused.json()).toEqual(answer);
    }
    const malformed = await reschedule(scheduleID, 'next Tuesday');
    expect(malformed.statusCode, malformed.body).toBe(400);
    expect((malformed.json() as { error: { message: string } }).error.message).toContain(
      'Publish at must be a date and time.',
    );
    // A moderator reads the screen but does not change it.
    const refused = await reschedule(scheduleID, iso(start + 3 * HOUR), moderator);
    expect(refused.statusCode, refused.body).toBe(403);

    expect(await scheduleRow(scheduleID)).toMatchObject({ publish_at: iso(start + HOUR) });
    expect(await scheduleRow(cancelled)).toBeUndefined();
    expect(await waitingRun(scheduleID)).toEqual({ run_at: iso(start + HOUR) });
    expect(await waitingRun(cancelled)).toBeUndefined();
    expect(await reschedulesOf('Stays put')).toEqual([]);
    expect(await reschedulesOf('Called off')).toEqual([]);
    expect(await topVersion()).toBe(version);
  });
});
