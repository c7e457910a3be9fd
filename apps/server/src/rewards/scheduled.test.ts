import type { AdminListPage } from '@outpost/contracts/admin-list';
import { adminLogAction } from '@outpost/contracts/admin-log-actions';
import { CALENDAR_MESSAGES, type Calendar, type CalendarEntry } from '@outpost/contracts/calendar/schemas';
import { unknownItemsMessage } from '@outpost/contracts/items';
import {
  type EveryoneRewardRun,
  REWARD_MAX_SCHEDULE_DAYS,
  REWARD_MESSAGES,
  REWARD_SCHEDULE_ADMIN_ACTIONS,
  rewardNotScheduledMessage,
  rewardRequestScheduledMessage,
  unknownEveryoneRewardMessage,
} from '@outpost/contracts/rewards';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedEntries } from '../backoffice/testing';
import { type SignedIn, signUpRoles } from '../identity/testing';
import { putNamedTestItems } from '../items/testing';
import { type JobDefinition, JobRunner, withdrawRun } from '../platform/jobs/runner';
import { givenUpOn, QUIET_JOB_LOG } from '../platform/jobs/testing';
import { errorAnswer } from '../testing/error-answer';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { everyoneRewardItemUse } from './everyone';
import { EVERYONE_REWARD_JOB, everyoneRewardJob, requeueScheduledEveryoneRewardsJob } from './everyone-job';

/*
 * Rewards to everyone scheduled for a time (Outpost's own routes, and the calendar's reward-run source), on
 * each store: given by the job at their time with their players counted then, moved and cancelled with their
 * admin-log entries, refused in words with nothing stored, and each race (two cancels, two moves, a cancel or
 * a move against the job's start) leaving one outcome with nobody given twice.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const NO_RUN_CONTEXT = { attempt: 1, extendLease: async () => true };
const iso = (ms: number) => new Date(ms).toISOString();
const ENV = '/api/admin/development';

describe.each(TEST_DIALECTS)('scheduled rewards to everyone on %s', (dialect) => {
  let t: TestApp;
  let roles: Record<'player' | 'staff' | 'admin', SignedIn>;
  /** The runners' clock: the real one unless a test moves it. */
  let clock: number | null = null;
  const now = () => new Date(clock ?? Date.now());
  const db = () => t.stores.game.development;
  let counter = 0;
  let accounts = 0;

  beforeAll(async () => {
    // The app's own runner stays out of the way: each test runs the jobs with runners of its own.
    t = await buildTestApp(dialect, { jobPollMs: 60 * MINUTE });
    roles = await signUpRoles(t.app, t.stores.identity, { player: [], staff: ['staff'], admin: ['admin'] });
    await putNamedTestItems(db(), { taco: 'Taco' });
  });
  afterAll(async () => {
    await t.cleanup();
  });

  const post = (url: string, payload: object = {}, as: SignedIn = roles.admin) =>
    t.app.inject({ method: 'POST', url: `${ENV}${url}`, headers: { authorization: as.bearer }, payload });
  const scheduleInput = (sendAt: number, fields: Record<string, unknown> = {}) => {
    counter += 1;
    return {
      requestID: `scheduled-${counter}`,
      credits: 25,
      items: [{ itemID: 'taco' }],
      reason: `Gift ${counter}`,
      sendAt: iso(sendAt),
      ...fields,
    };
  };
  async function schedule(sendAt: number, fields: Record<string, unknown> = {}): Promise<EveryoneRewardRun> {
    const response = await post('/rewards/everyone/schedule', scheduleInput(sendAt, fields));
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as EveryoneRewardRun;
  }
  const reschedule = (requestID: string, at: number, as?: SignedIn) =>
    post(`/rewards/everyone/${requestID}/reschedule`, { sendAt: iso(at) }, as);
  const cancel = (requestID: string, as?: SignedIn) => post(`/rewards/everyone/${requestID}/cancel`, {}, as);
  const calendarMove = (requestID: string, at: number) =>
    post(`/calendar/reward-run/${requestID}/move`, { startsAt: iso(at) });
  const calendarCancel = (requestID: string) => post(`/calendar/reward-run/${requestID}/cancel`);
  async function listed(): Promise<Map<string, EveryoneRewardRun>> {
    const response = await t.app.inject({
      url: `${ENV}/rewards/everyone?pageSize=500`,
      headers: { authorization: roles.admin.bearer },
    });
    expect(response.statusCode, response.body).toBe(200);
    return new Map(
      (response.json() as AdminListPage<EveryoneRewardRun>).rows.map((row) => [row.requestID, row] as const),
    );
  }
  async function calendarOf(from: number, to: number): Promise<CalendarEntry[]> {
    const response = await t.app.inject({
      url: `${ENV}/calendar?from=${iso(from)}&to=${iso(to)}`,
      headers: { authorization: roles.admin.bearer },
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as Calendar).entries.filter((entry) => entry.kind === 'reward-run');
  }
  const job = () => everyoneRewardJob({ game: t.stores.game, identity: t.stores.identity });
  const runDue = (definition: JobDefinition = job(), instanceId = 'scheduled-test') =>
    new JobRunner({ db: t.stores.identity, definitions: [definition], log: QUIET_JOB_LOG, now, instanceId }).runDue();
  const requeue = () =>
    requeueScheduledEveryoneRewardsJob({ game: t.stores.game, identity: t.stores.identity }).run(
      undefined,
      NO_RUN_CONTEXT,
    );
  const waitingRun = (requestID: string) =>
    t.stores.identity
      .selectFrom('jobs')
      .select(['run_at', 'payload'])
      .where('name', '=', EVERYONE_REWARD_JOB)
      .where('key', '=', `development:${requestID}`)
      .where('status', '=', 'pending')
      .executeTakeFirst();
  const row = (requestID: string) =>
    db().selectFrom('reward_everyone').selectAll().where('request_id', '=', requestID).executeTakeFirstOrThrow();
  /** The players a distribution reached: its recipients and their ledger credits, each once. */
  async function given(requestID: string) {
    const recipients = await db()
      .selectFrom('reward_recipients')
      .select('user_id')
      .where('request_id', '=', requestID)
      .execute();
    const credits = await db()
      .selectFrom('credit_ledger')
      .select('user_id')
      .where('reference', 'like', `reward:${requestID}:%`)
      .execute();
    return {
      recipients: recipients.map((one) => one.user_id).sort(),
      credited: credits.map((one) => one.user_id).sort(),
    };
  }
  const everyone = async () =>
    (await t.stores.identity.selectFrom('auth_users').select('id').execute()).map((one) => one.id).sort();
  async function expectGivenOnce(requestID: string): Promise<void> {
    const ids = await everyone();
    expect(await given(requestID)).toEqual({ recipients: ids, credited: ids });
  }
  async function expectNobodyGiven(requestID: string): Promise<void> {
    expect(await given(requestID)).toEqual({ recipients: [], credited: [] });
  }
  const logged = async (action: string, requestID: string) =>
    (await loggedEntries(db(), action)).filter((entry) => entry.data.requestID === requestID);
  /** A player who joins after the scheduling: counted and given at the reward's time. */
  async function newAccount(): Promise<string> {
    accounts += 1;
    const template = await t.stores.identity
      .selectFrom('auth_users')
      .selectAll()
      .where('id', '=', roles.player.userId)
      .executeTakeFirstOrThrow();
    const id = `joined-${accounts}`;
    await t.stores.identity
      .insertInto('auth_users')
      .values({ ...template, id, email: `${id}@example.com` })
      .execute();
    return id;
  }
  const sentence = (action: string, data: Record<string, unknown>) =>
    adminLogAction(action)
      .sentence(data)
      .map((part) =>
        typeof part === 'string' ? part : 'record' in part ? part.record : 'time' in part ? `<${part.time}>` : '?',
      )
      .join('');

  it('is given by the job at its time, to the players there are then, and logged as scheduled', async () => {
    const base = Date.now();
    const scheduled = await schedule(base + 10 * MINUTE, { reason: 'Weekend gift' });
    expect(scheduled).toMatchObject({
      state: 'scheduled',
      sendAt: iso(base + 10 * MINUTE),
      playersAtSend: 0,
      reached: 0,
      items: [{ itemID: 'taco', quantity: 1, name: 'Taco' }],
      distributor: expect.objectContaining({ userID: roles.admin.userId }),
    });
    const [entry] = await logged(REWARD_SCHEDULE_ADMIN_ACTIONS.schedule, scheduled.requestID);
    expect(entry).toEqual({
      admin: roles.admin.userId,
      data: {
        requestID: scheduled.requestID,
        reason: 'Weekend gift',
        credits: 25,
        items: [{ itemID: 'taco', quantity: 1 }],
        audience: 'everyone',
        sendAt: iso(base + 10 * MINUTE),
      },
    });
    expect(sentence(REWARD_SCHEDULE_ADMIN_ACTIONS.schedule, entry?.data ?? {})).toBe(
      `scheduled 25 credits and 1 item for every player at <${iso(base + 10 * MINUTE)}>: “Weekend gift”`,
    );
    expect((await listed()).get(scheduled.requestID)).toMatchObject({ state: 'scheduled' });
    expect(await waitingRun(scheduled.requestID)).toMatchObject({ run_at: iso(base + 10 * MINUTE) });
    // Its item is in use while it waits.
    expect(await everyoneRewardItemUse(db(), 'taco')).toContain(scheduled.requestID);
    // On the calendar at its time, to be moved or cancelled.
    expect((await calendarOf(base, base + DAY)).find((one) => one.entryID === scheduled.requestID)).toEqual({
      kind: 'reward-run',
      entryID: scheduled.requestID,
      title: 'Weekend gift',
      detail: 'Scheduled · every player, counted when it goes',
      startsAt: iso(base + 10 * MINUTE),
      endsAt: null,
      state: 'scheduled',
      href: '/admin/rewards',
      canMove: true,
      canCancel: true,
    });

    // Nothing before its time; a player joining meanwhile is counted and given at it.
    clock = base + 9 * MINUTE;
    expect(await runDue()).toBe(0);
    await expectNobodyGiven(scheduled.requestID);
    await newAccount();
    clock = base + 11 * MINUTE;
    expect(await runDue()).toBe(1);
    clock = null;
    await expectGivenOnce(scheduled.requestID);
    const players = (await everyone()).length;
    expect((await listed()).get(scheduled.requestID)).toMatchObject({
      state: 'done',
      playersAtSend: players,
      reached: players,
      sendAt: iso(base + 10 * MINUTE),
    });
    expect((await calendarOf(base, base + DAY)).find((one) => one.entryID === scheduled.requestID)).toMatchObject({
      state: 'done',
      startsAt: iso(base + 10 * MINUTE),
      canMove: false,
      canCancel: false,
    });
    // Given, it is no longer moved or cancelled.
    for (const refused of [await reschedule(scheduled.requestID, base + HOUR), await cancel(scheduled.requestID)]) {
      expect(refused.statusCode).toBe(409);
    }
    // Sent again (a retry of the form): the same reward, logged and given once.
    const repeat = await post('/rewards/everyone/schedule', {
      requestID: scheduled.requestID,
      credits: 25,
      items: [{ itemID: 'taco' }],
      reason: 'Weekend gift',
      sendAt: iso(Date.now() + HOUR),
    });
    expect(repeat.statusCode, repeat.body).toBe(200);
    expect(repeat.json()).toMatchObject({ state: 'done', sendAt: iso(base + 10 * MINUTE) });
    expect(await logged(REWARD_SCHEDULE_ADMIN_ACTIONS.schedule, scheduled.requestID)).toHaveLength(1);
    expect(await waitingRun(scheduled.requestID)).toBeUndefined();
  });

  it('lists them by when each goes, not by when each was recorded, and a move moves its row', async () => {
    const base = Date.now() + 30 * DAY;
    // Recorded in this order, going in the other.
    const later = await schedule(base + 2 * HOUR);
    const sooner = await schedule(base + HOUR);
    const order = async (query: string) => {
      const response = await t.app.inject({
        url: `${ENV}/rewards/everyone?pageSize=500${query}`,
        headers: { authorization: roles.admin.bearer },
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as AdminListPage<EveryoneRewardRun>).rows
        .map((row) => row.requestID)
        .filter((id) => id === later.requestID || id === sooner.requestID);
    };
    expect(await order('')).toEqual([later.requestID, sooner.requestID]);
    expect(await order('&sort=sendAt&order=asc')).toEqual([sooner.requestID, later.requestID]);
    expect((await reschedule(sooner.requestID, base + 3 * HOUR)).statusCode).toBe(200);
    expect(await order('')).toEqual([sooner.requestID, later.requestID]);
    const refused = await t.app.inject({
      url: `${ENV}/rewards/everyone?sort=distributedAt`,
      headers: { authorization: roles.admin.bearer },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('sort must be one of sendAt.');
  });

  it('moves one from its screen and from the calendar, logged with the time before, given at the new time only', async () => {
    const base = Date.now();
    const screen = await schedule(base + 10 * MINUTE, { reason: 'Moved later' });
    const calendar = await schedule(base + 60 * MINUTE, { reason: 'Moved earlier' });
    const moved = await reschedule(screen.requestID, base + 40 * MINUTE);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ state: 'scheduled', sendAt: iso(base + 40 * MINUTE) });
    const fromCalendar = await calendarMove(calendar.requestID, base + 20 * MINUTE);
    expect(fromCalendar.statusCode, fromCalendar.body).toBe(200);
    expect(fromCalendar.json()).toEqual({
      kind: 'reward-run',
      entryID: calendar.requestID,
      startsAt: iso(base + 20 * MINUTE),
    });

    const [entry] = await logged(REWARD_SCHEDULE_ADMIN_ACTIONS.reschedule, screen.requestID);
    expect(entry).toEqual({
      admin: roles.admin.userId,
      data: {
        requestID: screen.requestID,
        reason: 'Moved later',
        sendAt: iso(base + 40 * MINUTE),
        previousSendAt: iso(base + 10 * MINUTE),
      },
    });
    expect(sentence(REWARD_SCHEDULE_ADMIN_ACTIONS.reschedule, entry?.data ?? {})).toBe(
      `moved reward to everyone “Moved later” from <${iso(base + 10 * MINUTE)}> to <${iso(base + 40 * MINUTE)}>`,
    );
    expect(await logged(REWARD_SCHEDULE_ADMIN_ACTIONS.reschedule, calendar.requestID)).toEqual([
      expect.objectContaining({
        data: expect.objectContaining({ sendAt: iso(base + 20 * MINUTE), previousSendAt: iso(base + 60 * MINUTE) }),
      }),
    ]);
    // Their waiting runs moved with them.
    expect(await waitingRun(screen.requestID)).toMatchObject({ run_at: iso(base + 40 * MINUTE) });
    expect(await waitingRun(calendar.requestID)).toMatchObject({ run_at: iso(base + 20 * MINUTE) });
    clock = base + 11 * MINUTE;
    expect(await runDue()).toBe(0);
    clock = base + 21 * MINUTE;
    expect(await runDue()).toBe(1);
    await expectGivenOnce(calendar.requestID);
    await expectNobodyGiven(screen.requestID);
    clock = base + 41 * MINUTE;
    expect(await runDue()).toBe(1);
    await expectGivenOnce(screen.requestID);
    clock = base + 61 * MINUTE;
    expect(await runDue()).toBe(0);
    clock = null;
    await expectGivenOnce(calendar.requestID);
  });

  it('cancels one from its screen and from the calendar: logged, withdrawn, nobody given, off the calendar', async () => {
    const base = Date.now();
    const screen = await schedule(base + 15 * MINUTE, { reason: 'Called off' });
    const calendar = await schedule(base + 16 * MINUTE, { reason: 'Called off too' });
    const cancelled = await cancel(screen.requestID);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ state: 'cancelled', finishedAt: expect.any(String) });
    const fromCalendar = await calendarCancel(calendar.requestID);
    expect(fromCalendar.statusCode, fromCalendar.body).toBe(200);
    expect(fromCalendar.json()).toEqual({ kind: 'reward-run', entryID: calendar.requestID });

    const [entry] = await logged(REWARD_SCHEDULE_ADMIN_ACTIONS.cancel, screen.requestID);
    expect(entry).toEqual({
      admin: roles.admin.userId,
      data: { requestID: screen.requestID, reason: 'Called off', sendAt: iso(base + 15 * MINUTE) },
    });
    expect(sentence(REWARD_SCHEDULE_ADMIN_ACTIONS.cancel, entry?.data ?? {})).toBe(
      `cancelled reward to everyone “Called off” due at <${iso(base + 15 * MINUTE)}>`,
    );
    expect(await logged(REWARD_SCHEDULE_ADMIN_ACTIONS.cancel, calendar.requestID)).toHaveLength(1);
    expect(await waitingRun(screen.requestID)).toBeUndefined();
    expect(await waitingRun(calendar.requestID)).toBeUndefined();
    const entries = (await calendarOf(base, base + DAY)).map((one) => one.entryID);
    expect(entries).not.toContain(screen.requestID);
    expect(entries).not.toContain(calendar.requestID);
    expect((await listed()).get(screen.requestID)).toMatchObject({ state: 'cancelled' });
    // The requeue pass queues nothing for them, and nothing is given at their time.
    await requeue();
    clock = base + 17 * MINUTE;
    await runDue();
    clock = null;
    await expectNobodyGiven(screen.requestID);
    await expectNobodyGiven(calendar.requestID);
    // The callable does not send a cancelled one's requestID.
    const resent = await t.app.inject({
      method: 'POST',
      url: '/api/callable/development-admin-distributereward',
      headers: { authorization: roles.admin.bearer },
      payload: {
        data: {
          requestID: screen.requestID,
          audience: 'everyone',
          credits: 25,
          items: [{ itemID: 'taco' }],
          reason: 'Called off',
        },
      },
    });
    expect(resent.statusCode).toBe(409);
    expect(resent.json()).toEqual(errorAnswer('aborted', rewardRequestScheduledMessage(screen.requestID, 'cancelled')));
    await expectNobodyGiven(screen.requestID);
  });

  it('refuses in words, storing, logging and queueing nothing', async () => {
    const base = Date.now();
    const waiting = await schedule(base + 30 * MINUTE);
    const sentAtOnce = await t.app.inject({
      method: 'POST',
      url: '/api/callable/development-admin-distributereward',
      headers: { authorization: roles.admin.bearer },
      payload: { data: { requestID: 'at-once-1', audience: 'everyone', credits: 5, reason: 'Now' } },
    });
    expect(sentAtOnce.statusCode, sentAtOnce.body).toBe(200);
    const before = (await listed()).size;
    const unknownItem = `${unknownItemsMessage(['jetpack'], 'development')} Nothing was given.`;
    const refusals: [Promise<LightMyRequestResponse>, number, ReturnType<typeof errorAnswer>][] = [
      [
        post('/rewards/everyone/schedule', scheduleInput(base - MINUTE)),
        400,
        errorAnswer('invalid-argument', REWARD_MESSAGES.sendAtPast),
      ],
      [
        post('/rewards/everyone/schedule', scheduleInput(base + (REWARD_MAX_SCHEDULE_DAYS + 1) * DAY)),
        400,
        errorAnswer('invalid-argument', REWARD_MESSAGES.sendAtTooFar),
      ],
      [
        post('/rewards/everyone/schedule', { ...scheduleInput(base + HOUR), sendAt: 'tomorrow' }),
        400,
        errorAnswer('invalid-argument', `sendAt: ${REWARD_MESSAGES.sendAt}`, {
          fields: { sendAt: REWARD_MESSAGES.sendAt },
        }),
      ],
      [
        post('/rewards/everyone/schedule', scheduleInput(base + HOUR, { items: [{ itemID: 'jetpack' }] })),
        400,
        errorAnswer('invalid-argument', unknownItem, {
          unknownItemIDs: ['jetpack'],
          fields: { 'items.0.itemID': unknownItem },
        }),
      ],
      [
        post('/rewards/everyone/schedule', scheduleInput(base + HOUR, { credits: 0, items: [] })),
        400,
        errorAnswer('invalid-argument', `credits: ${REWARD_MESSAGES.nothingToGive}`, {
          fields: { credits: REWARD_MESSAGES.nothingToGive },
        }),
      ],
      [reschedule(waiting.requestID, base - MINUTE), 400, errorAnswer('invalid-argument', REWARD_MESSAGES.sendAtPast)],
      [
        reschedule('no-such-reward', base + HOUR),
        404,
        errorAnswer('not-found', unknownEveryoneRewardMessage('no-such-reward', 'development')),
      ],
      [
        cancel('no-such-reward'),
        404,
        errorAnswer('not-found', unknownEveryoneRewardMessage('no-such-reward', 'development')),
      ],
      // One sent at once has started: neither moved nor cancelled, here or on the calendar.
      [reschedule('at-once-1', base + HOUR), 409, errorAnswer('aborted', rewardNotScheduledMessage('reschedule'))],
      [cancel('at-once-1'), 409, errorAnswer('aborted', rewardNotScheduledMessage('cancel'))],
      [calendarCancel('at-once-1'), 409, errorAnswer('aborted', rewardNotScheduledMessage('cancel'))],
      [calendarMove(waiting.requestID, base - MINUTE), 400, errorAnswer('invalid-argument', CALENDAR_MESSAGES.past)],
    ];
    for (const [response, status, answer] of refusals) {
      const refused = await response;
      expect(refused.statusCode, refused.body).toBe(status);
      expect(refused.json()).toEqual(answer);
    }
    // Only admins, who give rewards.
    for (const refused of [
      await post('/rewards/everyone/schedule', scheduleInput(base + HOUR), roles.staff),
      await reschedule(waiting.requestID, base + HOUR, roles.staff),
      await cancel(waiting.requestID, roles.staff),
    ]) {
      expect(refused.statusCode).toBe(403);
    }
    // The callable refuses a scheduled one's requestID: it goes at its time.
    const early = await t.app.inject({
      method: 'POST',
      url: '/api/callable/development-admin-distributereward',
      headers: { authorization: roles.admin.bearer },
      payload: {
        data: {
          requestID: waiting.requestID,
          audience: 'everyone',
          credits: 25,
          items: [{ itemID: 'taco' }],
          reason: waiting.reason,
        },
      },
    });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual(errorAnswer('aborted', rewardRequestScheduledMessage(waiting.requestID, 'scheduled')));

    expect((await listed()).size).toBe(before);
    expect(await row(waiting.requestID)).toMatchObject({ state: 'scheduled', send_at: iso(base + 30 * MINUTE) });
    expect(await logged(REWARD_SCHEDULE_ADMIN_ACTIONS.reschedule, waiting.requestID)).toEqual([]);
    expect(await logged(REWARD_SCHEDULE_ADMIN_ACTIONS.cancel, waiting.requestID)).toEqual([]);
    expect(await logged(REWARD_SCHEDULE_ADMIN_ACTIONS.cancel, 'at-once-1')).toEqual([]);
    expect(await waitingRun(waiting.requestID)).toMatchObject({ run_at: iso(base + 30 * MINUTE) });
    await expectNobodyGiven(waiting.requestID);
  });

  it('leaves one outcome when two cancels or two moves meet, and nobody given twice', async () => {
    const base = Date.now();
    const cancelled = await Promise.all(
      Array.from({ length: 4 }, (_, index) => schedule(base + (20 + index) * MINUTE)),
    );
    for (const reward of cancelled) {
      const answers = await Promise.all([cancel(reward.requestID), calendarCancel(reward.requestID)]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      expect(await logged(REWARD_SCHEDULE_ADMIN_ACTIONS.cancel, reward.requestID)).toHaveLength(1);
      expect(await row(reward.requestID)).toMatchObject({ state: 'cancelled' });
    }
    const moved = await Promise.all(Array.from({ length: 4 }, (_, index) => schedule(base + (20 + index) * MINUTE)));
    for (const reward of moved) {
      const [one, two] = await Promise.all([
        reschedule(reward.requestID, base + 40 * MINUTE),
        calendarMove(reward.requestID, base + 50 * MINUTE),
      ]);
      expect([one?.statusCode, two?.statusCode]).toEqual([200, 200]);
      const stored = await row(reward.requestID);
      expect([iso(base + 40 * MINUTE), iso(base + 50 * MINUTE)]).toContain(stored.send_at);
      // Each logged with the time it found: one of them moved it from the first time.
      const moves = await logged(REWARD_SCHEDULE_ADMIN_ACTIONS.reschedule, reward.requestID);
      expect(moves.map((entry) => entry.data.previousSendAt)).toContain(reward.sendAt);
      expect(moves).toHaveLength(2);
      // The waiting run is at the time the reward keeps.
      expect(await waitingRun(reward.requestID)).toMatchObject({ run_at: stored.send_at });
    }
    clock = base + 41 * MINUTE;
    await runDue();
    clock = base + 51 * MINUTE;
    await runDue();
    clock = null;
    for (const reward of cancelled) await expectNobodyGiven(reward.requestID);
    for (const reward of moved) {
      expect(await row(reward.requestID)).toMatchObject({ state: 'done' });
      await expectGivenOnce(reward.requestID);
    }
  });

  it('leaves one outcome when a cancel or a move races the job starting it', async () => {
    const base = Date.now();
    const cancels = await Promise.all(Array.from({ length: 4 }, () => schedule(base + MINUTE)));
    const moves = await Promise.all(Array.from({ length: 4 }, () => schedule(base + MINUTE)));
    // Their time has come: two instances start them one after another while each is cancelled or moved.
    clock = base + 2 * MINUTE;
    const [, , ...answers] = await Promise.all([
      runDue(job(), 'one'),
      runDue(job(), 'two'),
      ...cancels.map((reward) => cancel(reward.requestID)),
      ...moves.map((reward) => reschedule(reward.requestID, base + 30 * MINUTE)),
    ]);
    for (const [index, reward] of cancels.entries()) {
      const answer = answers[index] as LightMyRequestResponse;
      const stored = await row(reward.requestID);
      if (answer.statusCode === 200) {
        expect(stored.state).toBe('cancelled');
        await expectNobodyGiven(reward.requestID);
        expect(await logged(REWARD_SCHEDULE_ADMIN_ACTIONS.cancel, reward.requestID)).toHaveLength(1);
      } else {
        expect(answer.statusCode, answer.body).toBe(409);
        expect(stored.state).toBe('done');
        await expectGivenOnce(reward.requestID);
        expect(await logged(REWARD_SCHEDULE_ADMIN_ACTIONS.cancel, reward.requestID)).toEqual([]);
      }
    }
    // The moved ones go at their new time, once.
    clock = base + 31 * MINUTE;
    await requeue();
    await runDue();
    clock = null;
    for (const [index, reward] of moves.entries()) {
      const answer = answers[cancels.length + index] as LightMyRequestResponse;
      expect([200, 409]).toContain(answer.statusCode);
      expect(await logged(REWARD_SCHEDULE_ADMIN_ACTIONS.reschedule, reward.requestID)).toHaveLength(
        answer.statusCode === 200 ? 1 : 0,
      );
      expect(await row(reward.requestID)).toMatchObject({
        state: 'done',
        send_at: answer.statusCode === 200 ? iso(base + 30 * MINUTE) : reward.sendAt,
      });
      await expectGivenOnce(reward.requestID);
    }
  });

  it('queues again a run lost between the two stores, and marks one failed when its run gives up', async () => {
    const base = Date.now();
    const lost = await schedule(base + 5 * MINUTE);
    expect(await withdrawRun(t.stores.identity, { name: EVERYONE_REWARD_JOB }, `development:${lost.requestID}`)).toBe(
      true,
    );
    await requeue();
    expect(await waitingRun(lost.requestID)).toMatchObject({ run_at: iso(base + 5 * MINUTE) });
    clock = base + 6 * MINUTE;
    expect(await runDue()).toBe(1);
    clock = null;
    await expectGivenOnce(lost.requestID);

    const failing = await schedule(base + 7 * MINUTE);
    const broken = await givenUpOn(
      t.stores.identity,
      job(),
      `development:${failing.requestID}`,
      'The store went away.',
    );
    clock = base + 8 * MINUTE;
    expect(await runDue(broken)).toBe(1);
    clock = null;
    expect(await row(failing.requestID)).toMatchObject({ state: 'failed', last_error: 'The store went away.' });
    await expectNobodyGiven(failing.requestID);
  });
});
