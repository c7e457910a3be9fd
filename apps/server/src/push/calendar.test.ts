import { adminLogAction } from '@outpost/contracts/admin-log-actions';
import { ADMIN_ROUTES } from '@outpost/contracts/admin-routes';
import { CALENDAR_MESSAGES } from '@outpost/contracts/calendar/schemas';
import {
  CANCEL_ONLY_SCHEDULED,
  PUSH_MAX_SCHEDULE_DAYS,
  PUSH_MESSAGES,
  type PushMessage,
  RESCHEDULE_ONLY_SCHEDULED,
} from '@outpost/contracts/push-messages';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedEntries } from '../backoffice/testing';
import { calendarRoutes } from '../calendar/testing';
import { DOMAINS } from '../domains';
import { type SignedIn, signUpRoles } from '../identity/testing';
import { type JobDefinition, JobRunner, retimeRun } from '../platform/jobs/runner';
import { givenUpOn, QUIET_JOB_LOG } from '../platform/jobs/testing';
import { captureLogger } from '../platform/mail/testing';
import { createPushSenders } from '../platform/push-transport/senders';
import { createSegments } from '../segments/index';
import { errorAnswer } from '../testing/error-answer';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { PUSH_ADMIN_ACTIONS } from './messages';
import { PUSH_SEND_JOB, requeuePushJob, sendPushJob } from './send-job';
import { tokenKey } from './token-key';

/*
 * Push messages on the back office's calendar, through its routes on each store: each message in
 * the window as it stands, moved (a reschedule, sent at its new time and not at its old) and
 * cancelled as the push screen does, refused in push's words, who may do what, and a move racing a
 * cancel or the send job.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const NO_RUN_CONTEXT = { attempt: 1, extendLease: async () => true };
const iso = (ms: number) => new Date(ms).toISOString();
/** The phones of the environment: every message here goes to them. */
const PHONES = ['phone-one', 'phone-two'];

describe.each(TEST_DIALECTS)('pushes on the calendar on %s', (dialect) => {
  let t: TestApp;
  let roles: Record<'player' | 'moderator' | 'staff' | 'admin', SignedIn>;
  /** The runners' clock: the real one unless a test moves it. */
  let clock: number | null = null;
  const now = () => new Date(clock ?? Date.now());
  const db = () => t.stores.game.development;
  let counter = 0;

  beforeAll(async () => {
    // The app's own runner stays out of the way: the tests run the jobs with runners of their own.
    t = await buildTestApp(dialect, { jobPollMs: 60 * MINUTE });
    roles = await signUpRoles(t.app, t.stores.identity, {
      player: [],
      moderator: ['moderator'],
      staff: ['staff'],
      admin: ['admin'],
    });
    const at = new Date().toISOString();
    await db()
      .insertInto('push_devices')
      .values(
        PHONES.map((token) => ({
          token_hash: tokenKey(token),
          token,
          user_id: roles.player.userId,
          platform: 'android' as const,
          registered_at: at,
          last_seen: at,
        })),
      )
      .execute();
    const segment = await post('/api/admin/development/segments', {
      segmentID: 'android-players',
      name: 'Android players',
      description: '',
      definition: { match: 'all', rules: [{ attribute: 'platform', op: 'is', value: 'android' }] },
    });
    expect(segment.statusCode, segment.body).toBe(200);
  });
  afterAll(async () => {
    await t.cleanup();
  });

  function post(url: string, payload: object, as: SignedIn = roles.admin): Promise<LightMyRequestResponse> {
    return t.app.inject({ method: 'POST', url, headers: { authorization: as.bearer }, payload });
  }
  /** A message through the push screen's endpoint: to everyone, now unless `fields` say otherwise. */
  async function sendMessage(fields: Record<string, unknown> = {}): Promise<PushMessage> {
    counter += 1;
    const response = await post('/api/fn/development-push-sendbatch', {
      recipientCategory: 'everyone',
      sendSchedule: 'now',
      title: `Push ${counter}`,
      body: 'On the calendar.',
      ...fields,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as PushMessage;
  }
  const scheduleAt = (at: number, fields: Record<string, unknown> = {}) =>
    sendMessage({ sendSchedule: 'scheduled', sendDate: iso(at), ...fields });
  const {
    entries: calendarOf,
    move,
    cancel,
  } = calendarRoutes(
    () => t.app,
    'push',
    () => roles.admin,
  );

  const job = () =>
    sendPushJob({
      game: t.stores.game,
      identity: t.stores.identity,
      push: createPushSenders({
        identity: t.stores.identity,
        fcm: { development: undefined, beta: undefined, production: undefined },
        logger: captureLogger().logger,
      }),
      segments: createSegments({
        stores: t.stores,
        sources: DOMAINS.flatMap((domain) => domain.segmentAttributes ?? []),
      }),
    });
  const runDue = (definition: JobDefinition = job()) =>
    new JobRunner({
      db: t.stores.identity,
      definitions: [definition],
      log: QUIET_JOB_LOG,
      now,
      instanceId: 'calendar-test',
    }).runDue();
  /** The periodic pass that queues lost runs again and moves moved messages' runs. */
  const requeue = () =>
    requeuePushJob({ game: t.stores.game, identity: t.stores.identity }).run(undefined, NO_RUN_CONTEXT);
  const messageRow = (messageID: string) =>
    db().selectFrom('push_messages').selectAll().where('message_id', '=', messageID).executeTakeFirstOrThrow();
  /** Each phone's deliveries of a message, as the outbox (the phones of a machine without FCM) received them. */
  const deliveries = async (messageID: string) => {
    const rows = await t.stores.identity.selectFrom('push_outbox').select(['token', 'data']).execute();
    return rows
      .filter((row) => (JSON.parse(row.data ?? '{}') as { messageID?: string }).messageID === messageID)
      .map((row) => row.token)
      .sort();
  };
  const waitingRun = (messageID: string) =>
    t.stores.identity
      .selectFrom('jobs')
      .select(['run_at', 'payload'])
      .where('name', '=', PUSH_SEND_JOB)
      .where('key', '=', `development:${messageID}`)
      .where('status', '=', 'pending')
      .executeTakeFirst();
  const reschedules = async (messageID: string) =>
    (await loggedEntries(db(), PUSH_ADMIN_ACTIONS.reschedule)).filter((entry) => entry.data.messageID === messageID);
  const sentence = (action: string, data: Record<string, unknown>) =>
    adminLogAction(action)
      .sentence(data)
      .map((part) =>
        typeof part === 'string' ? part : 'record' in part ? part.record : 'time' in part ? `<${part.time}>` : '?',
      )
      .join('');

  it('shows each push in the window at its time, by its title and whom it goes to, as it stands', async () => {
    const base = Date.now();
    const everyone = await scheduleAt(base + 2 * HOUR, { title: 'Double XP' });
    const segment = await scheduleAt(base + 3 * HOUR, {
      title: 'Android weekend',
      recipientCategory: 'segment',
      segmentID: 'android-players',
    });
    const chosen = await scheduleAt(base + 4 * HOUR, { recipientCategory: 'users', userIDs: [roles.player.userId] });
    const cancelled = await scheduleAt(base + 5 * HOUR);
    expect((await post(`/api/admin/development/push/messages/${cancelled.messageID}/cancel`, {})).statusCode).toBe(200);
    const later = await scheduleAt(base + 3 * DAY);
    const sent = await sendMessage({ title: 'Server restart' });
    expect(await runDue()).toBe(1);
    // One whose sending is given up (the push service unreachable every time): failed.
    const failing = await sendMessage({ title: 'Lost message' });
    const key = `development:${failing.messageID}`;
    const broken = await givenUpOn(t.stores.identity, job(), key, 'The push service is unreachable.');
    expect(await runDue(broken)).toBe(1);

    const entries = await calendarOf(base - HOUR, base + DAY);
    const byID = new Map(entries.map((entry) => [entry.entryID, entry]));
    const scheduled = {
      endsAt: null,
      state: 'scheduled',
      href: ADMIN_ROUTES.adminPush,
      canMove: true,
      canCancel: true,
    };
    expect(byID.get(everyone.messageID)).toEqual({
      kind: 'push',
      entryID: everyone.messageID,
      title: 'Double XP',
      detail: 'Everyone',
      startsAt: everyone.sendDate,
      ...scheduled,
    });
    expect(byID.get(segment.messageID)).toMatchObject({
      title: 'Android weekend',
      detail: 'Segment “Android players”',
      startsAt: segment.sendDate,
      ...scheduled,
    });
    expect(byID.get(chosen.messageID)).toMatchObject({ detail: 'Chosen players', ...scheduled });
    // Sent: at when it went, done, no longer moved or cancelled.
    const sentRow = await messageRow(sent.messageID);
    expect(sentRow.state).toBe('sent');
    expect(byID.get(sent.messageID)).toMatchObject({
      title: 'Server restart',
      detail: 'Everyone',
      startsAt: new Date(sentRow.started_at ?? '').toISOString(),
      state: 'done',
      canMove: false,
      canCancel: false,
    });
    expect(byID.get(failing.messageID)).toMatchObject({
      title: 'Lost message',
      detail: 'Everyone · Failed',
      state: 'done',
      canMove: false,
    });
    // A cancelled one is not on the calendar, nor one outside the window.
    expect(byID.has(cancelled.messageID)).toBe(false);
    expect(byID.has(later.messageID)).toBe(false);
    expect((await calendarOf(base + 2 * DAY, base + 4 * DAY)).map((entry) => entry.entryID)).toContain(later.messageID);
    // By start.
    const starts = entries.map((entry) => entry.startsAt);
    expect(starts).toEqual([...starts].sort());

    // Push is admins' (its own list takes sendPush): staff and moderators, in the admin area, see no
    // push on the calendar, and neither move nor cancel one.
    for (const viewer of [roles.staff, roles.moderator]) {
      expect(await calendarOf(base - HOUR, base + DAY, viewer)).toEqual([]);
      for (const refused of [
        await move(everyone.messageID, base + 6 * HOUR, viewer),
        await cancel(everyone.messageID, viewer),
      ]) {
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual(errorAnswer('permission-denied', CALENDAR_MESSAGES.notShown('push')));
      }
    }
    expect(await messageRow(everyone.messageID)).toMatchObject({ state: 'scheduled', send_at: everyone.sendDate });
    expect(await reschedules(everyone.messageID)).toEqual([]);
  });

  it('moves a scheduled push: logged as a reschedule, and sent at its new time, not at its old', async () => {
    const base = Date.now();
    const movedLater = await scheduleAt(base + 10 * MINUTE, { title: 'Moved later' });
    const movedEarlier = await scheduleAt(base + 60 * MINUTE, { title: 'Moved earlier' });
    const moved = await move(movedLater.messageID, base + 40 * MINUTE);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toEqual({ kind: 'push', entryID: movedLater.messageID, startsAt: iso(base + 40 * MINUTE) });
    expect((await move(movedEarlier.messageID, base + 20 * MINUTE)).statusCode).toBe(200);

    const [entry] = await reschedules(movedLater.messageID);
    expect(entry).toEqual({
      admin: roles.admin.userId,
      data: {
        messageID: movedLater.messageID,
        title: 'Moved later',
        sendDate: iso(base + 40 * MINUTE),
        previousSendDate: movedLater.sendDate,
      },
    });
    expect(sentence(PUSH_ADMIN_ACTIONS.reschedule, entry?.data ?? {})).toBe(
      `rescheduled push notification “Moved later” for <${iso(base + 40 * MINUTE)}>`,
    );
    const entries = new Map((await calendarOf(base, base + DAY)).map((one) => [one.entryID, one]));
    expect(entries.get(movedLater.messageID)?.startsAt).toBe(iso(base + 40 * MINUTE));
    expect(entries.get(movedEarlier.messageID)?.startsAt).toBe(iso(base + 20 * MINUTE));

    // Their waiting runs moved with them: nothing is due at the old time.
    expect(await waitingRun(movedLater.messageID)).toMatchObject({ run_at: iso(base + 40 * MINUTE) });
    expect(await waitingRun(movedEarlier.messageID)).toMatchObject({ run_at: iso(base + 20 * MINUTE) });
    clock = base + 11 * MINUTE;
    expect(await runDue()).toBe(0);

    clock = base + 21 * MINUTE;
    expect(await runDue()).toBe(1);
    expect(await messageRow(movedEarlier.messageID)).toMatchObject({ state: 'sent' });
    expect(await deliveries(movedEarlier.messageID)).toEqual(PHONES);
    expect(await messageRow(movedLater.messageID)).toMatchObject({ state: 'scheduled' });

    clock = base + 41 * MINUTE;
    expect(await runDue()).toBe(1);
    expect(await deliveries(movedLater.messageID)).toEqual(PHONES);
    // Nothing more at either old time.
    clock = base + 61 * MINUTE;
    expect(await runDue()).toBe(0);
    expect(await deliveries(movedEarlier.messageID)).toEqual(PHONES);
    clock = null;
  });

  it("sends nothing from a run left at the old time (the move's retime lost), and the periodic pass moves it", async () => {
    const base = Date.now();
    const message = await scheduleAt(base + 10 * MINUTE, { title: 'Lost retime' });
    expect((await move(message.messageID, base + 40 * MINUTE)).statusCode).toBe(200);
    // As a crash between the move's commit and its retime leaves it: the run waits at the old time.
    const old = { environment: 'development', messageID: message.messageID, sendAt: message.sendDate };
    const key = `development:${message.messageID}`;
    expect(await retimeRun(t.stores.identity, { name: PUSH_SEND_JOB }, key, old, new Date(message.sendDate))).toBe(
      true,
    );

    clock = base + 11 * MINUTE;
    expect(await runDue()).toBe(1);
    expect(await messageRow(message.messageID)).toMatchObject({ state: 'scheduled' });
    expect(await deliveries(message.messageID)).toEqual([]);
    await requeue();
    expect(await waitingRun(message.messageID)).toMatchObject({ run_at: iso(base + 40 * MINUTE) });
    clock = base + 41 * MINUTE;
    expect(await runDue()).toBe(1);
    expect(await deliveries(message.messageID)).toEqual(PHONES);
    clock = null;
  });

  it('refuses a move into the past, too far ahead, or of a push that started or ended, and changes nothing', async () => {
    const base = Date.now();
    const waiting = await scheduleAt(base + 30 * MINUTE);
    const sent = await sendMessage();
    expect(await runDue()).toBe(1);
    const cancelled = await scheduleAt(base + 35 * MINUTE);
    expect((await cancel(cancelled.messageID)).statusCode).toBe(200);

    const refusals: [Promise<LightMyRequestResponse>, number, ReturnType<typeof errorAnswer>][] = [
      // The calendar's own refusal, before push is asked.
      [move(waiting.messageID, base - MINUTE), 400, errorAnswer('invalid-argument', CALENDAR_MESSAGES.past)],
      [
        move(waiting.messageID, base + (PUSH_MAX_SCHEDULE_DAYS + 1) * DAY),
        400,
        errorAnswer('invalid-argument', PUSH_MESSAGES.sendDateTooFar),
      ],
      [move(sent.messageID, base + HOUR), 409, errorAnswer('aborted', RESCHEDULE_ONLY_SCHEDULED)],
      [move(cancelled.messageID, base + HOUR), 409, errorAnswer('aborted', RESCHEDULE_ONLY_SCHEDULED)],
      [cancel(sent.messageID), 409, errorAnswer('aborted', CANCEL_ONLY_SCHEDULED)],
      [move('no-such-message', base + HOUR), 404, errorAnswer('not-found', 'There is no such push message.')],
    ];
    for (const [response, status, answer] of refusals) {
      const refused = await response;
      expect(refused.statusCode, refused.body).toBe(status);
      expect(refused.json()).toEqual(answer);
    }
    expect(await messageRow(waiting.messageID)).toMatchObject({ state: 'scheduled', send_at: waiting.sendDate });
    expect(await messageRow(sent.messageID)).toMatchObject({ state: 'sent', send_at: sent.sendDate });
    expect(await messageRow(cancelled.messageID)).toMatchObject({ state: 'cancelled', send_at: cancelled.sendDate });
    for (const { messageID } of [waiting, sent, cancelled]) expect(await reschedules(messageID)).toEqual([]);
  });

  it('cancels a scheduled push as the push screen does: its admin-log entry, off the calendar, nothing sent', async () => {
    const base = Date.now();
    const message = await scheduleAt(base + 15 * MINUTE, { title: 'Called off' });
    const cancelled = await cancel(message.messageID);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toEqual({ kind: 'push', entryID: message.messageID });
    expect(await messageRow(message.messageID)).toMatchObject({ state: 'cancelled' });
    const [entry] = (await loggedEntries(db(), PUSH_ADMIN_ACTIONS.cancel)).filter(
      (one) => one.data.messageID === message.messageID,
    );
    expect(entry).toEqual({ admin: roles.admin.userId, data: { messageID: message.messageID, title: 'Called off' } });
    expect((await calendarOf(base, base + DAY)).map((one) => one.entryID)).not.toContain(message.messageID);
    // Its run, left waiting (the calendar writes the environment's store only), sends nothing at its time.
    await requeue();
    clock = base + 16 * MINUTE;
    await runDue();
    clock = null;
    expect(await deliveries(message.messageID)).toEqual([]);
    expect(await messageRow(message.messageID)).toMatchObject({ state: 'cancelled' });
  });

  it('leaves one outcome when a move races a cancel, and when it races the send job', async () => {
    const base = Date.now();
    const target = base + 50 * MINUTE;
    const cancelRaces = await Promise.all(
      Array.from({ length: 6 }, (_, index) => scheduleAt(base + (20 + index) * MINUTE)),
    );
    const raced = await Promise.all(
      cancelRaces.map(async (message) => {
        const [moved, cancelled] = await Promise.all([move(message.messageID, target), cancel(message.messageID)]);
        return { message, moved, cancelled };
      }),
    );
    for (const { message, moved, cancelled } of raced) {
      // The cancel wins whichever comes first (a move leaves the message scheduled); a move after it is refused.
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      const row = await messageRow(message.messageID);
      expect(row.state).toBe('cancelled');
      const cancels = (await loggedEntries(db(), PUSH_ADMIN_ACTIONS.cancel)).filter(
        (entry) => entry.data.messageID === message.messageID,
      );
      expect(cancels).toHaveLength(1);
      if (moved.statusCode === 200) {
        expect(row.send_at).toBe(iso(target));
        expect(await reschedules(message.messageID)).toHaveLength(1);
      } else {
        expect(moved.statusCode).toBe(409);
        expect(moved.json()).toEqual(errorAnswer('aborted', RESCHEDULE_ONLY_SCHEDULED));
        expect(row.send_at).toBe(message.sendDate);
        expect(await reschedules(message.messageID)).toEqual([]);
      }
    }

    const jobRaces = await Promise.all(Array.from({ length: 4 }, () => scheduleAt(base + MINUTE)));
    // Their time has come: the job sends them one after another while each is moved.
    clock = base + 2 * MINUTE;
    const [, ...moves] = await Promise.all([runDue(), ...jobRaces.map((message) => move(message.messageID, target))]);
    for (const [index, message] of jobRaces.entries()) {
      const moved = moves[index] as LightMyRequestResponse;
      const row = await messageRow(message.messageID);
      if (moved.statusCode === 200) {
        // Moved first: the run of its old time sent nothing.
        expect(row).toMatchObject({ state: 'scheduled', send_at: iso(target) });
        expect(await deliveries(message.messageID)).toEqual([]);
        expect(await reschedules(message.messageID)).toHaveLength(1);
      } else {
        // Sending first: the move is refused, and the message went at its time.
        expect(moved.statusCode, moved.body).toBe(409);
        expect(moved.json()).toEqual(errorAnswer('aborted', RESCHEDULE_ONLY_SCHEDULED));
        expect(row).toMatchObject({ state: 'sent', send_at: message.sendDate });
        expect(await reschedules(message.messageID)).toEqual([]);
      }
    }
    // Each goes once: the moved ones at their new time.
    await requeue();
    clock = target + MINUTE;
    await runDue();
    clock = null;
    for (const message of jobRaces) {
      expect(await messageRow(message.messageID)).toMatchObject({ state: 'sent' });
      expect(await deliveries(message.messageID)).toEqual(PHONES);
    }
  });
});
