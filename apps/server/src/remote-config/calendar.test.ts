import { adminLogAction } from '@outpost/contracts/admin-log-actions';
import { CALENDAR_MESSAGES } from '@outpost/contracts/calendar/schemas';
import { REMOTE_CONFIG_ADMIN_ACTIONS as ACTIONS } from '@outpost/contracts/remote-config/contract';
import { REMOTE_CONFIG_PATHS } from '@outpost/contracts/remote-config/paths';
import {
  type RemoteConfigState,
  type RemoteConfigTemplate,
  REMOTE_CONFIG_MESSAGES as SAY,
} from '@outpost/contracts/remote-config/schemas';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedEntries } from '../backoffice/testing';
import { calendarRoutes } from '../calendar/testing';
import { setProfileKeys } from '../identity/queries';
import { type SignedIn, signUpWithProfile } from '../identity/testing';
import { JobRunner, retimeRun } from '../platform/jobs/runner';
import { QUIET_JOB_LOG } from '../platform/jobs/testing';
import { errorAnswer } from '../testing/error-answer';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { REMOTE_CONFIG_PUBLISH_JOB, remoteConfigJobs } from './jobs';

/*
 * Remote config's publishes on the back office's calendar, through its routes on each store: the
 * scheduled ones and the versions published in the window, a schedule moved (logged, published at
 * its new time and not at its old) and cancelled as the screen does, the refusals, who may, and a
 * move racing a cancel or the publish job.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const NO_RUN_CONTEXT = { attempt: 1, extendLease: async () => true };
const iso = (ms: number) => new Date(ms).toISOString();
const KIND = 'remote-config-publish';

/** The template whose one parameter gives `credits` daily. */
const withCredits = (credits: number): RemoteConfigTemplate => ({
  conditions: [],
  parameters: [{ key: 'daily_reward_credits', type: 'number', defaultValue: credits, conditionalValues: [] }],
});

describe.each(TEST_DIALECTS)('remote config on the calendar on %s', (dialect) => {
  let t: TestApp;
  let admin: SignedIn;
  let moderator: SignedIn;
  /** The runners' clock: the real one unless a test moves it. */
  let clock: number | null = null;
  const now = () => new Date(clock ?? Date.now());
  const db = () => t.stores.game.development;
  const base = '/api/admin/development/remote-config';
  let credits = 100;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { jobPollMs: 60 * MINUTE });
    const setKeys = (userId: string, keys: string[]) => setProfileKeys(t.stores.identity, userId, keys);
    admin = await signUpWithProfile(t.app, setKeys, {
      email: 'admin@example.com',
      displayName: 'Ada',
      keys: ['admin'],
    });
    moderator = await signUpWithProfile(t.app, setKeys, {
      email: 'moderator@example.com',
      displayName: 'Mo-moderator',
      keys: ['moderator'],
    });
  });
  afterAll(async () => {
    await t.cleanup();
  });

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, as: SignedIn = admin) =>
    t.app.inject({ method, url, headers: { authorization: as.bearer }, ...(payload ? { payload } : {}) });
  async function state(): Promise<RemoteConfigState> {
    const response = await call('GET', base);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as RemoteConfigState;
  }
  /** Saves a draft giving the next number of credits, and publishes it now or schedules it at `at`. */
  async function publishNext(description: string, at?: number): Promise<{ scheduleID?: string; credits: number }> {
    credits += 1;
    const saved = await call('PUT', `${base}/draft`, {
      template: withCredits(credits),
      revision: (await state()).draftRevision,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const published = await call('POST', `${base}/publish`, {
      description,
      revision: (saved.json() as RemoteConfigState).draftRevision,
      ...(at === undefined ? {} : { publishAt: iso(at) }),
    });
    expect(published.statusCode, published.body).toBe(200);
    const answer = published.json() as { kind: string; scheduled?: { scheduleID: string } };
    return { scheduleID: answer.scheduled?.scheduleID, credits };
  }
  const schedule = async (description: string, at: number) => (await publishNext(description, at)).scheduleID as string;
  const {
    entries: calendarOf,
    move,
    cancel,
  } = calendarRoutes(
    () => t.app,
    KIND,
    () => admin,
  );

  const jobs = () => {
    const [publish, requeueing] = remoteConfigJobs({
      game: t.stores.game,
      identity: t.stores.identity,
      parameterUses: [],
    });
    if (!publish || !requeueing) throw new Error('Remote config has two jobs.');
    return { publish, requeueing };
  };
  const runDue = () =>
    new JobRunner({
      db: t.stores.identity,
      definitions: [jobs().publish],
      log: QUIET_JOB_LOG,
      now,
      instanceId: 'calendar-test',
    }).runDue();
  /** The periodic pass that queues lost runs again and moves moved schedules' runs. */
  const requeue = () => jobs().requeueing.run(undefined, NO_RUN_CONTEXT);
  const scheduleRow = (scheduleID: string) =>
    db().selectFrom('remote_config_schedules').selectAll().where('schedule_id', '=', scheduleID).executeTakeFirst();
  const topVersion = async () =>
    (await db().selectFrom('remote_config_versions').select('version').orderBy('version', 'desc').executeTakeFirst())
      ?.version ?? 0;
  /** The job's publishes of the schedule described so. */
  const publishesOf = async (description: string) =>
    (await loggedEntries(db(), ACTIONS.publish)).filter(
      (entry) => entry.data.description === description && 'scheduledAt' in entry.data,
    );
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
  const sentence = (action: string, data: Record<string, unknown>) =>
    adminLogAction(action)
      .sentence(data)
      .map((part) => (typeof part === 'string' ? part : 'time' in part ? `<${part.time}>` : '?'))
      .join('');

  it('shows each scheduled publish and each version published in the window, with what it changes', async () => {
    const start = Date.now();
    await publishNext('First');
    const version = await topVersion();
    const scheduleID = await schedule('More credits', start + HOUR);
    const farOff = await schedule('Next month', start + 20 * DAY);

    const entries = await calendarOf(start - HOUR, start + DAY);
    const versionRow = await db()
      .selectFrom('remote_config_versions')
      .selectAll()
      .where('version', '=', version)
      .executeTakeFirstOrThrow();
    expect(entries).toEqual([
      {
        kind: KIND,
        entryID: `version-${version}`,
        title: `Remote config version ${version} “First”`,
        detail: 'added daily_reward_credits',
        startsAt: versionRow.published_at,
        endsAt: null,
        state: 'done',
        href: REMOTE_CONFIG_PATHS.admin,
        canMove: false,
        canCancel: false,
      },
      {
        kind: KIND,
        entryID: scheduleID,
        title: 'Remote config publish “More credits”',
        detail: 'changed daily_reward_credits',
        startsAt: iso(start + HOUR),
        endsAt: null,
        state: 'scheduled',
        href: REMOTE_CONFIG_PATHS.admin,
        canMove: true,
        canCancel: true,
      },
    ]);
    expect((await calendarOf(start + 19 * DAY, start + 21 * DAY)).map((entry) => entry.entryID)).toEqual([farOff]);

    // A moderator reads the calendar; live-ops is run by staff and admins.
    const [, seen] = await calendarOf(start - HOUR, start + DAY, moderator);
    expect(seen).toMatchObject({ entryID: scheduleID, canMove: false, canCancel: false });
    for (const refused of [await move(scheduleID, start + 2 * HOUR, moderator), await cancel(scheduleID, moderator)]) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual(errorAnswer('permission-denied', CALENDAR_MESSAGES.notAllowed(KIND)));
    }
    expect(await scheduleRow(scheduleID)).toMatchObject({ publish_at: iso(start + HOUR) });
    // Cleared through the screen (which takes back their runs) for the next tests, which count runs.
    for (const id of [scheduleID, farOff]) {
      expect(
        (
          await t.app.inject({
            method: 'DELETE',
            url: `${base}/scheduled/${id}`,
            headers: { authorization: admin.bearer },
          })
        ).statusCode,
      ).toBe(200);
    }
  });

  it('moves a schedule: logged, published at its new time and not at its old', async () => {
    const start = Date.now();
    const later = await schedule('Moved later', start + HOUR);
    const earlier = await schedule('Moved earlier', start + 5 * HOUR);
    const moved = await move(later, start + 3 * HOUR);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toEqual({ kind: KIND, entryID: later, startsAt: iso(start + 3 * HOUR) });
    expect((await move(earlier, start + 2 * HOUR)).statusCode).toBe(200);

    const [entry] = await reschedulesOf('Moved later');
    expect(entry).toEqual({
      admin: admin.userId,
      data: { publishAt: iso(start + 3 * HOUR), previousPublishAt: iso(start + HOUR), description: 'Moved later' },
    });
    expect(sentence(ACTIONS.reschedule, entry?.data ?? {})).toBe(
      `moved the remote config publish “Moved later” from <${iso(start + HOUR)}> to <${iso(start + 3 * HOUR)}>`,
    );
    expect((await state()).scheduled.map((one) => [one.scheduleID, one.publishAt])).toEqual([
      [earlier, iso(start + 2 * HOUR)],
      [later, iso(start + 3 * HOUR)],
    ]);

    // Their waiting runs moved with them.
    expect(await waitingRun(later)).toEqual({ run_at: iso(start + 3 * HOUR) });
    expect(await waitingRun(earlier)).toEqual({ run_at: iso(start + 2 * HOUR) });
    // As a crash between a move's commit and its retime leaves it, one run waits at its old time:
    // it finds the schedule moved and publishes nothing, and the periodic pass queues it at its new.
    const old = { environment: 'development', scheduleID: later, publishAt: iso(start + HOUR) };
    const key = `development:${later}`;
    expect(
      await retimeRun(t.stores.identity, { name: REMOTE_CONFIG_PUBLISH_JOB }, key, old, new Date(start + HOUR)),
    ).toBe(true);
    const before = await topVersion();
    clock = start + HOUR + MINUTE;
    expect(await runDue()).toBe(1);
    expect(await topVersion()).toBe(before);
    expect(await scheduleRow(later)).toMatchObject({ publish_at: iso(start + 3 * HOUR) });
    await requeue();
    expect(await waitingRun(later)).toEqual({ run_at: iso(start + 3 * HOUR) });

    clock = start + 2 * HOUR + MINUTE;
    expect(await runDue()).toBe(1);
    expect(await topVersion()).toBe(before + 1);
    expect(await publishesOf('Moved earlier')).toHaveLength(1);
    expect(await publishesOf('Moved later')).toEqual([]);
    clock = start + 3 * HOUR + MINUTE;
    expect(await runDue()).toBe(1);
    expect(await topVersion()).toBe(before + 2);
    expect(await publishesOf('Moved later')).toHaveLength(1);
    clock = start + 5 * HOUR + MINUTE;
    expect(await runDue()).toBe(0);
    clock = null;
    expect((await state()).scheduled).toEqual([]);
  });

  it('refuses a move into the past, of a schedule gone, or of a version, and changes nothing', async () => {
    const start = Date.now();
    const scheduleID = await schedule('Stays put', start + HOUR);
    const version = await topVersion();
    const refusals: [LightMyRequestResponse, number, ReturnType<typeof errorAnswer>][] = [
      [await move(scheduleID, start - MINUTE), 400, errorAnswer('invalid-argument', CALENDAR_MESSAGES.past)],
      [await move('no-such-schedule', start + HOUR), 404, errorAnswer('not-found', SAY.scheduleNotFound)],
      [await cancel('no-such-schedule'), 404, errorAnswer('not-found', SAY.scheduleNotFound)],
      [await move(`version-${version}`, start + HOUR), 409, errorAnswer('aborted', CALENDAR_MESSAGES.cannotMove)],
      [await cancel(`version-${version}`), 409, errorAnswer('aborted', CALENDAR_MESSAGES.cannotCancel)],
    ];
    for (const [refused, status, answer] of refusals) {
      expect(refused.statusCode, refused.body).toBe(status);
      expect(refused.json()).toEqual(answer);
    }
    expect(await scheduleRow(scheduleID)).toMatchObject({ publish_at: iso(start + HOUR) });
    expect(await reschedulesOf('Stays put')).toEqual([]);
    expect(await topVersion()).toBe(version);

    // Cancelled as the screen does: its entry, off the calendar, and its run publishes nothing.
    const cancelled = await cancel(scheduleID);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toEqual({ kind: KIND, entryID: scheduleID });
    const [entry] = await loggedEntries(db(), ACTIONS.cancelSchedule);
    expect(entry).toEqual({ admin: admin.userId, data: { publishAt: iso(start + HOUR) } });
    expect(await scheduleRow(scheduleID)).toBeUndefined();
    expect((await calendarOf(start, start + DAY)).map((one) => one.entryID)).not.toContain(scheduleID);
    clock = start + HOUR + MINUTE;
    await runDue();
    clock = null;
    expect(await topVersion()).toBe(version);
  });

  it('leaves one outcome when a move races a cancel, and when it races the publish job', async () => {
    const start = Date.now();
    const target = start + 50 * MINUTE;
    const cancelRaces = [];
    for (let index = 0; index < 5; index += 1) {
      cancelRaces.push({ description: `Cancel race ${index}`, at: start + (20 + index) * MINUTE });
    }
    for (const race of cancelRaces) {
      const scheduleID = await schedule(race.description, race.at);
      const [moved, cancelled] = await Promise.all([move(scheduleID, target), cancel(scheduleID)]);
      expect(await scheduleRow(scheduleID)).toBeUndefined();
      // The newest cancel is this race's: the races run one after another.
      const [cancelEntry] = await loggedEntries(db(), ACTIONS.cancelSchedule);
      if (moved.statusCode === 200) {
        // Moved, then cancelled at its new time.
        expect(cancelled.statusCode, cancelled.body).toBe(200);
        expect(await reschedulesOf(race.description)).toHaveLength(1);
        expect(cancelEntry?.data).toEqual({ publishAt: iso(target) });
      } else if (cancelled.statusCode === 200) {
        expect(moved.statusCode, moved.body).toBe(404);
        expect(moved.json()).toEqual(errorAnswer('not-found', SAY.scheduleNotFound));
        expect(await reschedulesOf(race.description)).toEqual([]);
        expect(cancelEntry?.data).toEqual({ publishAt: iso(race.at) });
      } else {
        throw new Error(`Neither went through: ${moved.body} ${cancelled.body}`);
      }
    }

    const jobRaces: { description: string; scheduleID: string }[] = [];
    for (let index = 0; index < 4; index += 1) {
      const description = `Job race ${index}`;
      jobRaces.push({ description, scheduleID: await schedule(description, start + MINUTE) });
    }
    // Their time has come: the job publishes them one after another while each is moved.
    clock = start + 2 * MINUTE;
    const [, ...moves] = await Promise.all([runDue(), ...jobRaces.map((race) => move(race.scheduleID, target))]);
    for (const [index, race] of jobRaces.entries()) {
      const moved = moves[index] as LightMyRequestResponse;
      if (moved.statusCode === 200) {
        // Moved first: the run of its old time published nothing.
        expect(await scheduleRow(race.scheduleID)).toMatchObject({ publish_at: iso(target) });
        expect(await publishesOf(race.description)).toEqual([]);
        expect(await reschedulesOf(race.description)).toHaveLength(1);
      } else {
        // Published first: the move finds it gone.
        expect(moved.statusCode, moved.body).toBe(404);
        expect(moved.json()).toEqual(errorAnswer('not-found', SAY.scheduleNotFound));
        expect(await scheduleRow(race.scheduleID)).toBeUndefined();
        expect(await publishesOf(race.description)).toHaveLength(1);
        expect(await reschedulesOf(race.description)).toEqual([]);
      }
    }
    // Each goes once: the moved ones at their new time (the last of them is what players get).
    await requeue();
    clock = target + MINUTE;
    await runDue();
    clock = null;
    for (const race of jobRaces) {
      expect(await scheduleRow(race.scheduleID)).toBeUndefined();
      // Each gives other credits than the one before it: each is published, once.
      expect(await publishesOf(race.description)).toHaveLength(1);
    }
    expect((await state()).scheduled).toEqual([]);
  });
});
