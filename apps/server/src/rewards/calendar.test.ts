import { ADMIN_ROUTES } from '@outpost/contracts/admin-routes';
import { CALENDAR_MESSAGES } from '@outpost/contracts/calendar/schemas';
import { type EveryoneRewardResult, rewardNotScheduledMessage } from '@outpost/contracts/rewards';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarRoutes } from '../calendar/testing';
import { type SignedIn, signUpRoles } from '../identity/testing';
import { type JobDefinition, JobRunner } from '../platform/jobs/runner';
import { givenUpOn, QUIET_JOB_LOG } from '../platform/jobs/testing';
import { errorAnswer } from '../testing/error-answer';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { everyoneRewardJob } from './everyone-job';

/*
 * The rewards to everyone on the back office's calendar, through its routes on each store: each
 * from its send to its end, as it stands (queued, done, failed), one still under way drawn up to
 * now, one sent neither moved nor cancelled (in the reward screen's words), and who sees them. The
 * scheduled ones, moved and cancelled from the calendar, are scheduled.test.ts's.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();
const KIND = 'reward-run';

describe.each(TEST_DIALECTS)('rewards to everyone on the calendar on %s', (dialect) => {
  let t: TestApp;
  let roles: Record<'player' | 'moderator' | 'staff' | 'admin', SignedIn>;
  const db = () => t.stores.game.development;
  let counter = 0;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { jobPollMs: 60 * MINUTE });
    roles = await signUpRoles(t.app, t.stores.identity, {
      player: [],
      moderator: ['moderator'],
      staff: ['staff'],
      admin: ['admin'],
    });
  });
  afterAll(async () => {
    await t.cleanup();
  });

  const post = (url: string, payload: object, as: SignedIn = roles.admin) =>
    t.app.inject({ method: 'POST', url, headers: { authorization: as.bearer }, payload });
  async function sendToEveryone(reason: string): Promise<EveryoneRewardResult> {
    counter += 1;
    const response = await post('/api/callable/development-admin-distributereward', {
      data: { requestID: `calendar-${counter}`, audience: 'everyone', credits: 25, items: [], reason },
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: EveryoneRewardResult }).data;
  }
  const {
    entries: calendarOf,
    move,
    cancel,
  } = calendarRoutes(
    () => t.app,
    KIND,
    () => roles.admin,
  );
  const job = () => everyoneRewardJob({ game: t.stores.game, identity: t.stores.identity });
  const runDue = (definition: JobDefinition = job()) =>
    new JobRunner({
      db: t.stores.identity,
      definitions: [definition],
      log: QUIET_JOB_LOG,
      instanceId: 'calendar-test',
    }).runDue();
  const everyoneRow = (requestID: string) =>
    db().selectFrom('reward_everyone').selectAll().where('request_id', '=', requestID).executeTakeFirstOrThrow();

  it('shows each reward to everyone from its send to its end, as it stands, and one under way up to now', async () => {
    const start = Date.now();
    const done = await sendToEveryone('Launch gift');
    expect(await runDue()).toBe(1);
    // One the job gives up on (its store unreachable every time): failed.
    const failing = await sendToEveryone('Lost gift');
    const broken = await givenUpOn(
      t.stores.identity,
      job(),
      `development:${failing.requestID}`,
      'The store went away.',
    );
    expect(await runDue(broken)).toBe(1);
    const queued = await sendToEveryone('Weekend gift');
    const players = queued.playersAtSend;

    const before = Date.now();
    const entries = new Map((await calendarOf(start - HOUR, start + DAY)).map((entry) => [entry.entryID, entry]));
    const after = Date.now();
    const doneRow = await everyoneRow(done.requestID);
    const fixed = {
      kind: KIND,
      endsAt: expect.any(String),
      href: ADMIN_ROUTES.adminRewards,
      canMove: false,
      canCancel: false,
    };
    expect(entries.get(done.requestID)).toEqual({
      ...fixed,
      entryID: done.requestID,
      title: 'Launch gift',
      detail: `Done · ${players} of ${players} players`,
      startsAt: done.distributedAt,
      endsAt: doneRow.finished_at,
      state: 'done',
    });
    const failedRow = await everyoneRow(failing.requestID);
    expect(failedRow.state).toBe('failed');
    expect(entries.get(failing.requestID)).toEqual({
      ...fixed,
      entryID: failing.requestID,
      title: 'Lost gift',
      detail: `Failed · 0 of ${players} players`,
      startsAt: failing.distributedAt,
      // When the job gave up.
      endsAt: failedRow.finished_at,
      state: 'done',
    });
    const underWay = entries.get(queued.requestID);
    expect(underWay).toEqual({
      ...fixed,
      entryID: queued.requestID,
      title: 'Weekend gift',
      detail: `Queued · 0 of ${players} players`,
      startsAt: queued.distributedAt,
      state: 'under-way',
    });
    // Drawn up to the read.
    const end = Date.parse(underWay?.endsAt ?? '');
    expect(end).toBeGreaterThanOrEqual(before);
    expect(end).toBeLessThanOrEqual(after);

    // Out of a window before them; the one under way is in every window up to now, however long ago it was sent.
    expect(await calendarOf(start - 3 * DAY, start - 2 * DAY)).toEqual([]);
    await db()
      .updateTable('reward_everyone')
      .set({ send_at: iso(start - 3 * DAY) })
      .where('request_id', '=', queued.requestID)
      .execute();
    expect((await calendarOf(start - HOUR, start + HOUR)).map((entry) => entry.entryID)).toContain(queued.requestID);
    expect((await calendarOf(start + DAY, start + 2 * DAY)).map((entry) => entry.entryID)).toEqual([]);
    // Once given, it ends when its job did.
    expect(await runDue()).toBe(1);
    const finished = await everyoneRow(queued.requestID);
    expect(
      (await calendarOf(start - 4 * DAY, start + DAY)).find((entry) => entry.entryID === queued.requestID),
    ).toMatchObject({
      startsAt: iso(start - 3 * DAY),
      endsAt: finished.finished_at,
      state: 'done',
      detail: `Done · ${players} of ${players} players`,
    });
  });

  it('neither moves nor cancels one sent, as the reward screen does not; only admins, who give rewards, see them', async () => {
    const reward = await sendToEveryone('Holiday gift');
    const refusals: [LightMyRequestResponse, number, ReturnType<typeof errorAnswer>][] = [
      [
        await move(reward.requestID, Date.now() + DAY),
        409,
        errorAnswer('aborted', rewardNotScheduledMessage('reschedule')),
      ],
      [await cancel(reward.requestID), 409, errorAnswer('aborted', rewardNotScheduledMessage('cancel'))],
      // Staff and moderators may not see them (the reward screen takes distributeRewards).
      [
        await cancel(reward.requestID, roles.staff),
        403,
        errorAnswer('permission-denied', CALENDAR_MESSAGES.notShown(KIND)),
      ],
      [
        await move(reward.requestID, Date.now() + DAY, roles.moderator),
        403,
        errorAnswer('permission-denied', CALENDAR_MESSAGES.notShown(KIND)),
      ],
    ];
    for (const [refused, status, answer] of refusals) {
      expect(refused.statusCode, refused.body).toBe(status);
      expect(refused.json()).toEqual(answer);
    }
    const window = [Date.now() - HOUR, Date.now() + HOUR] as const;
    expect((await calendarOf(...window)).find((entry) => entry.entryID === reward.requestID)).toMatchObject({
      state: 'under-way',
      canMove: false,
      canCancel: false,
    });
    expect(await calendarOf(...window, roles.staff)).toEqual([]);
    expect(await calendarOf(...window, roles.moderator)).toEqual([]);
    expect(await everyoneRow(reward.requestID)).toMatchObject({ state: 'queued' });
  });
});
