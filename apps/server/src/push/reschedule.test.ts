import {
  PUSH_MAX_SCHEDULE_DAYS,
  PUSH_MESSAGES,
  type PushMessage,
  RESCHEDULE_ONLY_SCHEDULED,
} from '@outpost/contracts/push-messages';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedEntries } from '../backoffice/testing';
import { DOMAINS } from '../domains';
import { type SignedIn, signUpRoles } from '../identity/testing';
import { JobRunner } from '../platform/jobs/runner';
import { QUIET_JOB_LOG } from '../platform/jobs/testing';
import { captureLogger } from '../platform/mail/testing';
import { createPushSenders } from '../platform/push-transport/senders';
import { createSegments } from '../segments/index';
import { errorAnswer } from '../testing/error-answer';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { PUSH_ADMIN_ACTIONS } from './messages';
import { PUSH_SEND_JOB, sendPushJob } from './send-job';
import { tokenKey } from './token-key';

/*
 * A scheduled push rescheduled from the push screen's own route, on each store: the calendar's move
 * (reschedulePush, messages.ts) with the same rules, refusals and admin-log entry; the waiting run
 * follows it; refusals and staff (sendPush is admins') change nothing.
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const iso = (ms: number) => new Date(ms).toISOString();

describe.each(TEST_DIALECTS)('rescheduling a push on %s', (dialect) => {
  let t: TestApp;
  let roles: Record<'player' | 'staff' | 'admin', SignedIn>;
  /** The runner's clock: the real one unless a test moves it. */
  let clock: number | null = null;
  const db = () => t.stores.game.development;
  let counter = 0;

  beforeAll(async () => {
    // The app's own runner stays out of the way: the test runs the send job with a runner of its own.
    t = await buildTestApp(dialect, { jobPollMs: 60 * MINUTE });
    roles = await signUpRoles(t.app, t.stores.identity, { player: [], staff: ['staff'], admin: ['admin'] });
    const at = new Date().toISOString();
    await db()
      .insertInto('push_devices')
      .values({
        token_hash: tokenKey('phone-of-player'),
        token: 'phone-of-player',
        user_id: roles.player.userId,
        platform: 'android',
        registered_at: at,
        last_seen: at,
      })
      .execute();
  });
  afterAll(async () => {
    await t.cleanup();
  });

  const post = (url: string, payload: object, as: SignedIn = roles.admin) =>
    t.app.inject({ method: 'POST', url, headers: { authorization: as.bearer }, payload });
  /** A message through the push screen's endpoint, to everyone, now unless `fields` say otherwise. */
  async function sendMessage(fields: Record<string, unknown> = {}): Promise<PushMessage> {
    counter += 1;
    const response = await post('/api/fn/development-push-sendbatch', {
      recipientCategory: 'everyone',
      sendSchedule: 'now',
      title: `Push ${counter}`,
      body: 'Rescheduled from its screen.',
      ...fields,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as PushMessage;
  }
  const scheduleAt = (at: number) => sendMessage({ sendSchedule: 'scheduled', sendDate: iso(at) });
  const reschedule = (messageID: string, sendDate: string, as: SignedIn = roles.admin) =>
    post(`/api/admin/development/push/messages/${messageID}/reschedule`, { sendDate }, as);
  const cancel = (messageID: string) => post(`/api/admin/development/push/messages/${messageID}/cancel`, {});
  const runDue = () =>
    new JobRunner({
      db: t.stores.identity,
      definitions: [
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
        }),
      ],
      log: QUIET_JOB_LOG,
      now: () => new Date(clock ?? Date.now()),
      instanceId: 'reschedule-test',
    }).runDue();
  const messageRow = (messageID: string) =>
    db().selectFrom('push_messages').selectAll().where('message_id', '=', messageID).executeTakeFirstOrThrow();
  const waitingRun = (messageID: string) =>
    t.stores.identity
      .selectFrom('jobs')
      .select('run_at')
      .where('name', '=', PUSH_SEND_JOB)
      .where('key', '=', `development:${messageID}`)
      .where('status', '=', 'pending')
      .executeTakeFirst();
  const reschedules = async (messageID: string) =>
    (await loggedEntries(db(), PUSH_ADMIN_ACTIONS.reschedule)).filter((entry) => entry.data.messageID === messageID);

  it('moves a scheduled push, logged as the calendar logs it, and its waiting run sends it at the new time only', async () => {
    const base = Date.now();
    const message = await scheduleAt(base + 10 * MINUTE);
    const moved = await reschedule(message.messageID, iso(base + 40 * MINUTE));
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      messageID: message.messageID,
      state: 'scheduled',
      sendDate: iso(base + 40 * MINUTE),
      createdBy: { userID: roles.admin.userId },
    });
    expect(await reschedules(message.messageID)).toEqual([
      {
        admin: roles.admin.userId,
        data: {
          messageID: message.messageID,
          title: message.title,
          sendDate: iso(base + 40 * MINUTE),
          previousSendDate: message.sendDate,
        },
      },
    ]);
    expect(await waitingRun(message.messageID)).toEqual({ run_at: iso(base + 40 * MINUTE) });

    clock = base + 11 * MINUTE;
    expect(await runDue()).toBe(0);
    expect(await messageRow(message.messageID)).toMatchObject({ state: 'scheduled' });
    clock = base + 41 * MINUTE;
    expect(await runDue()).toBe(1);
    clock = null;
    expect(await messageRow(message.messageID)).toMatchObject({ state: 'sent', sent_count: 1 });
  });

  it('refuses a time past, too far or malformed, a push sent, cancelled or unknown, and staff, changing nothing', async () => {
    const base = Date.now();
    const waiting = await scheduleAt(base + 30 * MINUTE);
    const sent = await sendMessage();
    expect(await runDue()).toBe(1);
    const cancelled = await scheduleAt(base + 35 * MINUTE);
    expect((await cancel(cancelled.messageID)).statusCode).toBe(200);

    const later = iso(base + 60 * MINUTE);
    const refusals: [LightMyRequestResponse, number, ReturnType<typeof errorAnswer>][] = [
      [
        await reschedule(waiting.messageID, iso(base - MINUTE)),
        400,
        errorAnswer('invalid-argument', PUSH_MESSAGES.sendDatePast),
      ],
      [
        await reschedule(waiting.messageID, iso(base + (PUSH_MAX_SCHEDULE_DAYS + 1) * DAY)),
        400,
        errorAnswer('invalid-argument', PUSH_MESSAGES.sendDateTooFar),
      ],
      [await reschedule(sent.messageID, later), 409, errorAnswer('aborted', RESCHEDULE_ONLY_SCHEDULED)],
      [await reschedule(cancelled.messageID, later), 409, errorAnswer('aborted', RESCHEDULE_ONLY_SCHEDULED)],
      [await reschedule('no-such-message', later), 404, errorAnswer('not-found', 'There is no such push message.')],
    ];
    for (const [refused, status, answer] of refusals) {
      expect(refused.statusCode, refused.body).toBe(status);
      expect(refused.json()).toEqual(answer);
    }
    const malformed = await reschedule(waiting.messageID, 'tomorrow at noon');
    expect(malformed.statusCode, malformed.body).toBe(400);
    expect((malformed.json() as { error: { message: string } }).error.message).toContain(PUSH_MESSAGES.sendDate);
    // Push is admins': staff reach the admin area but not this.
    expect((await reschedule(waiting.messageID, later, roles.staff)).statusCode).toBe(403);

    expect(await messageRow(waiting.messageID)).toMatchObject({ state: 'scheduled', send_at: waiting.sendDate });
    expect(await waitingRun(waiting.messageID)).toEqual({ run_at: waiting.sendDate });
    expect(await messageRow(sent.messageID)).toMatchObject({ state: 'sent', send_at: sent.sendDate });
    expect(await messageRow(cancelled.messageID)).toMatchObject({ state: 'cancelled', send_at: cancelled.sendDate });
    expect(await waitingRun(cancelled.messageID)).toBeUndefined();
    for (const { messageID } of [waiting, sent, cancelled]) expect(await reschedules(messageID)).toEqual([]);
  });
});
