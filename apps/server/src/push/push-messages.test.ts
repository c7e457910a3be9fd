import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AdminLogEntry } from '@outpost/contracts/backoffice';
import type { JobRunPage } from '@outpost/contracts/jobs';
import {
  CANCEL_ONLY_SCHEDULED,
  noAudienceDevicesMessage,
  noDevicesMessage,
  PUSH_MESSAGES,
  PUSH_SEND_SCHEDULES,
  PUSH_SPEC_RECIPIENT_CATEGORIES,
  PUSH_WARNINGS,
  type PushMessage,
  type PushMessagePage,
  type PushOutbox,
  type PushRecipientCategory,
  type PushSendBatchResult,
  type PushSendSchedule,
  type PushTestResult,
  REQUEST_ID_REUSED,
  unknownPushPlayersMessage,
  unknownPushSegmentMessage,
} from '@outpost/contracts/push-messages';
import { SEGMENTS_MESSAGES, type SegmentDefinition, type SegmentSize } from '@outpost/contracts/segments/schemas';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOMAINS } from '../domains';
import { setProfileKeys } from '../identity/queries';
import { type SignedIn, signUpRoles } from '../identity/testing';
import { type JobDefinition, JobRunner } from '../platform/jobs/runner';
import { captureLogger } from '../platform/mail/testing';
import { createFcmPushSender } from '../platform/push-transport/fcm';
import type { PushSender } from '../platform/push-transport/sender';
import { createPushSenders } from '../platform/push-transport/senders';
import { readServiceAccount } from '../platform/push-transport/service-account';
import { startTestFcmServer } from '../platform/push-transport/testing';
import { createSegments } from '../segments/index';
import { errorAnswer } from '../testing/error-answer';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { PUSH_ADMIN_ACTIONS } from './messages';
import { PUSH_REQUEUE_JOB, PUSH_SEND_JOB, requeuePushJob, sendPushJob } from './send-job';
import { tokenKey } from './token-key';

const MINUTE = 60_000;
const quiet = { info() {}, error() {} };
/** Devices per player in the crowd, and the crowd: more devices than a few chunks of CHUNK. */
const CROWD = 120;
const CHUNK = 50;

describe.each(TEST_DIALECTS)('push notifications on %s', (dialect) => {
  let t: TestApp;
  let roles: Record<'player' | 'staff' | 'admin', SignedIn>;
  let crowd: string[];
  /** The runners' clock: the real one unless a test moves it. */
  let clock: number | null = null;
  const now = () => new Date(clock ?? Date.now());
  const db = () => t.stores.game.development;
  const outbox = () =>
    createPushSenders({
      identity: t.stores.identity,
      fcm: { development: undefined, beta: undefined, production: undefined },
      logger: captureLogger().logger,
    });
  let counter = 0;

  beforeAll(async () => {
    // The app's own runner stays out of the way: each test runs the job with a runner of its own.
    t = await buildTestApp(dialect, { jobPollMs: 60 * MINUTE });
    roles = await signUpRoles(t.app, t.stores.identity, { player: [], staff: ['staff'], admin: ['admin'] });
    const template = await t.stores.identity
      .selectFrom('auth_users')
      .selectAll()
      .where('id', '=', roles.player.userId)
      .executeTakeFirstOrThrow();
    crowd = Array.from({ length: CROWD }, (_, index) => `push-crowd-${String(index).padStart(4, '0')}`);
    await t.stores.identity
      .insertInto('auth_users')
      .values(crowd.map((id) => ({ ...template, id, email: `${id}@example.com` })))
      .execute();
    // Two devices each (a phone and a tablet), and the player's own.
    const at = new Date().toISOString();
    const device = (token: string, userId: string) => ({
      token_hash: tokenKey(token),
      token,
      user_id: userId,
      platform: 'android' as const,
      registered_at: at,
      last_seen: at,
    });
    const devices = crowd.flatMap((id) => ['phone', 'tablet'].map((kind) => device(`${kind}-${id}`, id)));
    devices.push(device('phone-of-player', roles.player.userId));
    for (let start = 0; start < devices.length; start += 100) {
      await db()
        .insertInto('push_devices')
        .values(devices.slice(start, start + 100))
        .execute();
    }
  });
  afterAll(async () => {
    await t.cleanup();
  });

  const post = (url: string, payload: unknown, caller: SignedIn = roles.admin) =>
    t.app.inject({ method: 'POST', url, headers: { authorization: caller.bearer }, payload: payload as object });
  const send = (payload: Record<string, unknown>) => post('/api/fn/development-push-sendbatch', payload);
  const message = (fields: Record<string, unknown> = {}) => {
    counter += 1;
    return {
      recipientCategory: 'everyone',
      sendSchedule: 'now',
      title: 'Double XP',
      body: `Weekend ${counter}`,
      ...fields,
    };
  };
  const runner = (definition: JobDefinition, instanceId = 'push-test') =>
    new JobRunner({ db: t.stores.identity, definitions: [definition], log: quiet, now, instanceId });
  const job = (options: Partial<Parameters<typeof sendPushJob>[0]> = {}) =>
    sendPushJob({
      game: t.stores.game,
      identity: t.stores.identity,
      push: outbox(),
      // Its own service, as a restarted server's: the players' attributes as they are when it runs.
      segments: createSegments({
        stores: t.stores,
        sources: DOMAINS.flatMap((domain) => domain.segmentAttributes ?? []),
      }),
      chunkSize: CHUNK,
      ...options,
    });
  /** Each token the outbox holds for a message, with how many times. */
  const delivered = async (messageID: string) => {
    const rows = await t.stores.identity.selectFrom('push_outbox').select(['token', 'data']).execute();
    const counts = new Map<string, number>();
    for (const row of rows) {
      if ((JSON.parse(row.data ?? '{}') as { messageID?: string }).messageID === messageID) {
        counts.set(row.token, (counts.get(row.token) ?? 0) + 1);
      }
    }
    return counts;
  };
  /** How many of a message's deliveries stand at each status, as [status, count] pairs. */
  const deliveryStatuses = async (messageID: string) => {
    const rows = await db()
      .selectFrom('push_deliveries')
      .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
      .where('message_id', '=', messageID)
      .groupBy('status')
      .execute();
    return rows.map((row) => [row.status, Number(row.count)]);
  };
  /**
   * The run's retry, past its backoff, on another instance: every device of the message gets it
   * once, but the `failed` a dead run left 'sending', which are counted failed and never sent.
   */
  async function expectResumedElsewhere(messageID: string, failed: number): Promise<void> {
    clock = Date.now() + 10 * MINUTE;
    expect(await runner(job(), 'second-instance').runDue()).toBe(1);
    clock = null;
    const counts = await delivered(messageID);
    expect([...counts.values()].every((count) => count === 1)).toBe(true);
    const total = 2 * CROWD + 1;
    expect(counts.size).toBe(total - failed);
    const [listed] = (await history()).rows.filter((row) => row.messageID === messageID);
    expect(listed).toMatchObject({ state: 'sent', sent: total - failed, failed });
  }
  const history = async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/development/push/messages?pageSize=100',
      headers: { authorization: roles.admin.bearer },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as PushMessagePage;
  };
  /** The job list's pending runs of the push job due at `runAt`, as staff and admins read it. */
  const pendingRunsAt = async (runAt: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/admin/development/jobs?name=${PUSH_SEND_JOB}&status=pending&pageSize=100`,
      headers: { authorization: roles.admin.bearer },
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as JobRunPage).rows.filter((run) => run.runAt === runAt).length;
  };
  const logged = async (action: string) =>
    (await db().selectFrom('admin_log').selectAll().where('action', '=', action).orderBy('id').execute()).map(
      (row) =>
        ({ ...row, data: JSON.parse(row.data) as Record<string, unknown> }) as unknown as AdminLogEntry & {
          data: Record<string, unknown>;
        },
    );

  it('sends to every device of the environment once, in chunks, after its admin-log entry', async () => {
    const response = await send(message());
    expect(response.statusCode, response.body).toBe(200);
    const sent = response.json() as PushMessage;
    expect(sent).toMatchObject({ state: 'sending', recipientCategory: 'everyone', sent: 0 });
    expect(sent.createdBy.userID).toBe(roles.admin.userId);
    const entry = (await logged(PUSH_ADMIN_ACTIONS.send)).find((row) => row.data.messageID === sent.messageID);
    expect(entry?.data).toMatchObject({ title: 'Double XP', recipientCategory: 'everyone', sendSchedule: 'now' });

    expect(await runner(job()).runDue()).toBe(1);
    const counts = await delivered(sent.messageID);
    expect(counts.size).toBe(2 * CROWD + 1);
    expect([...counts.values()].every((count) => count === 1)).toBe(true);
    const [listed] = (await history()).rows.filter((row) => row.messageID === sent.messageID);
    expect(listed).toMatchObject({ state: 'sent', sent: 2 * CROWD + 1, failed: 0, pruned: 0 });
    // The history names who sent it as the back office names people: name and email, not the id alone.
    expect(listed?.createdBy).toEqual({
      userID: roles.admin.userId,
      displayName: expect.any(String),
      email: roles.admin.email,
    });
  });

  it('starts a message sent now at once, not at the job runner’s next poll', async () => {
    // A running instance's runner, polling an hour apart: only the send's wake can start the run.
    const running = new JobRunner({
      db: t.stores.identity,
      definitions: [job()],
      log: quiet,
      now,
      pollMs: 60 * MINUTE,
    });
    await running.start();
    try {
      const response = await send(message());
      expect(response.statusCode, response.body).toBe(200);
      const { messageID } = response.json() as PushMessage;
      await expect.poll(async () => (await delivered(messageID)).size, { timeout: 10_000 }).toBe(2 * CROWD + 1);
    } finally {
      await running.stop();
    }
  });

  it('sends a segment to its players’ devices only: chosen players, active players, beta testers, partners', async () => {
    const cases: { fields: Record<string, unknown>; players: string[]; setUp?: () => Promise<void> }[] = [
      {
        fields: { recipientCategory: 'users', userIDs: [crowd[3], crowd[7]] },
        players: [crowd[3], crowd[7]] as string[],
      },
      {
        fields: { recipientCategory: 'active', activeDateTime: new Date(Date.now() - 2 * 86_400_000).toISOString() },
        players: [crowd[10], crowd[11]] as string[],
        setUp: async () => {
          const seen = (id: string | undefined, daysAgo: number) => ({
            user_id: id ?? '',
            last_seen: new Date(Date.now() - daysAgo * 86_400_000).toISOString(),
          });
          await db()
            .insertInto('user_presence')
            .values([seen(crowd[10], 0), seen(crowd[11], 1), seen(crowd[12], 5)])
            .execute();
        },
      },
      {
        fields: { recipientCategory: 'beta-testers' },
        players: [crowd[20]] as string[],
        setUp: async () => {
          const at = new Date().toISOString();
          const request = (id: string | undefined, status: number) => ({
            user_id: id ?? '',
            email: `${id}@example.com`,
            display_name: id ?? '',
            max_invites: 0,
            invite_code: null,
            timestamp: at,
            data: '{}',
            status,
            updated_at: at,
            accepted_at: status === 2 ? at : null,
          });
          await db()
            .insertInto('beta_requests')
            .values([request(crowd[20], 2), request(crowd[21], 1)])
            .execute();
        },
      },
      {
        fields: { recipientCategory: 'partners' },
        players: [roles.player.userId],
        setUp: async () => {
          await setProfileKeys(t.stores.identity, roles.player.userId, ['partner']);
        },
      },
    ];
    for (const { fields, players, setUp } of cases) {
      await setUp?.();
      const audience = await post('/api/admin/development/push/audience', {
        recipientCategory: fields.recipientCategory,
        activeDateTime: fields.activeDateTime ?? null,
        userIDs: fields.userIDs ?? null,
      });
      expect(audience.json(), String(fields.recipientCategory)).toEqual({
        players: players.length,
        devices: players.length === 1 && players[0] === roles.player.userId ? 1 : 2 * players.length,
      });
      const response = await send(message(fields));
      expect(response.statusCode, response.body).toBe(200);
      const { messageID } = response.json() as PushMessage;
      expect(await runner(job()).runDue()).toBe(1);
      const reached = [...(await delivered(messageID)).keys()].sort();
      const expected = players.flatMap((id) =>
        id === roles.player.userId ? ['phone-of-player'] : [`phone-${id}`, `tablet-${id}`],
      );
      expect(reached, String(fields.recipientCategory)).toEqual(expected.sort());
    }
    await setProfileKeys(t.stores.identity, roles.player.userId, []);
  });

  it('keeps a scheduled message until its time, through a restart, and cancels it before it starts', async () => {
    const sendDate = new Date(Date.now() + MINUTE).toISOString();
    const response = await send(message({ sendSchedule: 'scheduled', sendDate }));
    expect(response.statusCode, response.body).toBe(200);
    const scheduled = response.json() as PushMessage;
    expect(scheduled).toMatchObject({ state: 'scheduled', sendDate });
    // Not due yet: no runner sends it.
    expect(await runner(job()).runDue()).toBe(0);
    // A new runner (a restarted server) finds it when its time comes.
    clock = Date.now() + 2 * MINUTE;
    expect(await runner(job(), 'after-restart').runDue()).toBe(1);
    expect((await delivered(scheduled.messageID)).size).toBe(2 * CROWD + 1);

    const later = (await send(message({ sendSchedule: 'scheduled', sendDate }))).json() as PushMessage;
    // Its run waits in the job list until its time…
    expect(await pendingRunsAt(sendDate)).toBe(1);
    const cancel = (id: string) => post(`/api/admin/development/push/messages/${id}/cancel`, {});
    const cancelled = await cancel(later.messageID);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ state: 'cancelled' });
    expect((await logged(PUSH_ADMIN_ACTIONS.cancel)).at(-1)?.data).toMatchObject({ messageID: later.messageID });
    // …and leaves it with the cancel: nothing pending, nothing to run at its time.
    expect(await pendingRunsAt(sendDate)).toBe(0);
    expect(await runner(job()).runDue()).toBe(0);
    expect((await delivered(later.messageID)).size).toBe(0);
    // Sent or cancelled: nothing left to cancel.
    for (const id of [scheduled.messageID, later.messageID]) {
      const refused = await cancel(id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual(errorAnswer('aborted', CANCEL_ONLY_SCHEDULED));
    }
    expect((await cancel('no-such-message')).statusCode).toBe(404);
    clock = null;
  });

  it('resumes a send a crash interrupted, and no device gets the message twice', async () => {
    const { messageID } = (await send(message())).json() as PushMessage;
    let chunks = 0;
    // The process dies with its third chunk marked and not yet sent.
    const dying = job({
      beforeSend: async () => {
        chunks += 1;
        if (chunks === 3) throw new Error('killed');
      },
    });
    expect(await runner(dying).runDue()).toBe(1);
    const afterCrash = await delivered(messageID);
    expect(afterCrash.size).toBe(2 * CHUNK);
    // The interrupted chunk is never sent: counted failed instead.
    await expectResumedElsewhere(messageID, CHUNK);
  });

  it('claims the next chunk while the push service has one, and a crash then counts both failed, sent to no one twice', async () => {
    const { messageID } = (await send(message())).json() as PushMessage;
    const sending = async () =>
      (
        await db()
          .selectFrom('push_deliveries')
          .select('token_hash')
          .where('message_id', '=', messageID)
          .where('status', '=', 'sending')
          .execute()
      ).length;
    let calls = 0;
    const outboxSender = outbox().development;
    // The process dies while its second chunk is with the push service, once the third is claimed.
    const dying: PushSender = {
      transport: 'outbox',
      async send(tokens, content) {
        calls += 1;
        if (calls < 2) return outboxSender.send(tokens, content);
        await expect.poll(sending).toBe(2 * CHUNK);
        throw new Error('killed');
      },
    };
    expect(await runner(job({ push: { ...outbox(), development: dying } })).runDue()).toBe(1);
    expect((await delivered(messageID)).size).toBe(CHUNK);
    await expectResumedElsewhere(messageID, 2 * CHUNK);
  });

  it('records the chunk the push service has when the store fails to claim the next, and sends it to no one twice', async () => {
    const { messageID } = (await send(message())).json() as PushMessage;
    let failClaims = false;
    let claimRefused: () => void = () => undefined;
    const refused = new Promise<void>((resolve) => {
      claimRefused = resolve;
    });
    // The store refuses the third chunk's claim (the statement that moves the checkpoint) while the
    // second is with the push service, which answers only after that refusal.
    const failingStore: KyselyPlugin = {
      transformQuery({ node }) {
        if (failClaims && node.kind === 'UpdateQueryNode' && JSON.stringify(node).includes('"devices_after"')) {
          claimRefused();
          throw new Error('The store went away.');
        }
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const outboxSender = outbox().development;
    let calls = 0;
    const slow: PushSender = {
      transport: 'outbox',
      async send(tokens, content) {
        calls += 1;
        if (calls === 2) {
          failClaims = true;
          await refused;
        }
        return outboxSender.send(tokens, content);
      },
    };
    const failing = job({
      game: { ...t.stores.game, development: db().withPlugin(failingStore) },
      push: { ...outbox(), development: slow },
    });
    expect(await runner(failing).runDue()).toBe(1);
    failClaims = false;
    // The run failed, and the second chunk's answers were recorded before it ended: sent, not 'sending'.
    expect((await delivered(messageID)).size).toBe(2 * CHUNK);
    expect(await deliveryStatuses(messageID)).toEqual([['sent', 2 * CHUNK]]);
    await expectResumedElsewhere(messageID, 0);
  });

  it('records a chunk whose record failed midway once, tried again before the run ends, and sends it to no one twice', async () => {
    const { messageID } = (await send(message())).json() as PushMessage;
    let failures = 0;
    // The first chunk's record fails at its counts, after its outcomes were written in the same
    // transaction: the whole record is rolled back, and the run fails.
    const failingStore: KyselyPlugin = {
      transformQuery({ node }) {
        if (failures === 0 && node.kind === 'UpdateQueryNode' && JSON.stringify(node).includes('"sent_count"')) {
          failures += 1;
          throw new Error('The store went away.');
        }
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const failing = job({ game: { ...t.stores.game, development: db().withPlugin(failingStore) } });
    expect(await runner(failing).runDue()).toBe(1);
    expect(failures).toBe(1);
    // Before it ended, the run recorded both chunks the push service had answered: each device once.
    expect(await deliveryStatuses(messageID)).toEqual([['sent', 2 * CHUNK]]);
    const counts = await db()
      .selectFrom('push_messages')
      .select(['sent_count', 'failed_count'])
      .where('message_id', '=', messageID)
      .executeTakeFirstOrThrow();
    expect(counts).toEqual({ sent_count: 2 * CHUNK, failed_count: 0 });
    await expectResumedElsewhere(messageID, 0);
  });

  it('queues again a message left without a run (a crash between its record and its queueing), and sends it once', async () => {
    const { messageID } = (await send(message())).json() as PushMessage;
    // The message is recorded in the game store; its run, in the identity store, is lost.
    await t.stores.identity.deleteFrom('jobs').where('key', '=', `development:${messageID}`).execute();
    expect(await runner(job()).runDue()).toBe(0);
    const both = new JobRunner({
      db: t.stores.identity,
      definitions: [job(), requeuePushJob({ game: t.stores.game, identity: t.stores.identity })],
      log: quiet,
      now,
      instanceId: 'push-requeue-test',
    });
    await both.enqueue(PUSH_REQUEUE_JOB, null);
    // The sweep, then the run it queued.
    expect(await both.runDue()).toBeGreaterThanOrEqual(2);
    const counts = await delivered(messageID);
    expect(counts.size).toBe(2 * CROWD + 1);
    expect([...counts.values()].every((count) => count === 1)).toBe(true);
    // Sent: the next sweep leaves it alone.
    await both.enqueue(PUSH_REQUEUE_JOB, null);
    await both.runDue();
    expect((await delivered(messageID)).size).toBe(2 * CROWD + 1);
    const [listed] = (await history()).rows.filter((row) => row.messageID === messageID);
    expect(listed).toMatchObject({ state: 'sent', sent: 2 * CROWD + 1 });
  });

  it('writes no delivery back for a player erased while their chunk was being sent', async () => {
    const [erased, kept] = [crowd[7] as string, crowd[8] as string];
    const { messageID } = (
      await send(message({ recipientCategory: 'users', userIDs: [erased, kept] }))
    ).json() as PushMessage;
    const erasing = job({
      beforeSend: async () => {
        await db().deleteFrom('push_deliveries').where('user_id', '=', erased).execute();
      },
    });
    expect(await runner(erasing).runDue()).toBe(1);
    const rows = await db()
      .selectFrom('push_deliveries')
      .select(['user_id', 'status'])
      .where('message_id', '=', messageID)
      .execute();
    expect(rows).toEqual([
      { user_id: kept, status: 'sent' },
      { user_id: kept, status: 'sent' },
    ]);
    // The history names a device by its token's digest: the token stays with the device alone.
    const deliveries = await db()
      .selectFrom('push_deliveries')
      .selectAll()
      .where('message_id', '=', messageID)
      .execute();
    expect(Object.keys(deliveries[0] ?? {}).sort()).toEqual([
      'detail',
      'message_id',
      'status',
      'token_hash',
      'user_id',
    ]);
    const [listed] = (await history()).rows.filter((row) => row.messageID === messageID);
    expect(listed).toMatchObject({ state: 'sent', sent: 2 });
  });

  it('prunes the devices FCM says are gone, and counts them', async () => {
    const fcm = await startTestFcmServer();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-push-'));
    try {
      const sender = createFcmPushSender({
        environment: 'development',
        serviceAccount: readServiceAccount(fcm.writeServiceAccount(dir)),
        apiUrl: fcm.apiUrl,
        logger: captureLogger().logger,
      });
      const gone = `tablet-${crowd[5]}`;
      fcm.answerAlways(gone, 'unregistered');
      const { messageID } = (
        await send(message({ recipientCategory: 'users', userIDs: [crowd[5]] }))
      ).json() as PushMessage;
      const senders = { ...outbox(), development: sender };
      expect(await runner(job({ push: senders })).runDue()).toBe(1);
      expect(fcm.received.map((push) => push.token)).toEqual([`phone-${crowd[5]}`]);
      const [listed] = (await history()).rows.filter((row) => row.messageID === messageID);
      expect(listed).toMatchObject({ state: 'sent', sent: 1, pruned: 1 });
      expect(await db().selectFrom('push_devices').select('token').where('token', '=', gone).execute()).toEqual([]);
    } finally {
      await fcm.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('sends to a device whose token is as long as a token may be, on either store', async () => {
    const long = `long-${randomBytes(2100).toString('hex')}`.slice(0, 4096);
    const at = new Date().toISOString();
    await db()
      .insertInto('push_devices')
      .values({
        token_hash: tokenKey(long),
        token: long,
        user_id: crowd[30] ?? '',
        platform: 'ios',
        registered_at: at,
        last_seen: at,
      })
      .execute();
    const { messageID } = (
      await send(message({ recipientCategory: 'users', userIDs: [crowd[30]] }))
    ).json() as PushMessage;
    expect(await runner(job()).runDue()).toBe(1);
    expect([...(await delivered(messageID)).keys()].sort()).toEqual(
      [long, `phone-${crowd[30]}`, `tablet-${crowd[30]}`].sort(),
    );
    const [listed] = (await history()).rows.filter((row) => row.messageID === messageID);
    expect(listed).toMatchObject({ state: 'sent', sent: 3, failed: 0 });
  });

  it('sends a test notification to one player’s devices and answers how each fared', async () => {
    const test = (userID: string) => post('/api/fn/development-push-sendtestnotificatio', { userID });
    const response = await test(roles.player.userId);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json() as PushTestResult;
    expect(result).toMatchObject({ userID: roles.player.userId, devices: 1 });
    expect(result.outcomes).toEqual([{ device: 'phone-of…', status: 'sent', detail: expect.any(String) }]);
    expect((await logged(PUSH_ADMIN_ACTIONS.test)).at(-1)?.data).toEqual({ userID: roles.player.userId, devices: 1 });
    // Without FCM credentials the outbox is the phone: the screen lists what it received, newest first.
    const outboxRead = await t.app.inject({
      method: 'GET',
      url: '/api/admin/development/push/outbox',
      headers: { authorization: roles.admin.bearer },
    });
    expect(outboxRead.statusCode, outboxRead.body).toBe(200);
    const read = outboxRead.json() as PushOutbox;
    expect(read.transport).toBe('outbox');
    expect(read.entries[0]).toEqual({
      id: expect.any(String),
      device: 'phone-of…',
      title: 'Test notification',
      body: 'A test from the development back office.',
      sentAt: expect.any(String),
    });
    expect(read.entries.every((entry) => !entry.device.startsWith('phone-of-player'))).toBe(true);
    const none = await test(roles.staff.userId);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual(errorAnswer('invalid-argument', noDevicesMessage(roles.staff.userId, 'development')));
  });

  it('refuses a bad message with the field’s words, stores nothing, and makes one message of a repeated request', async () => {
    const before = (await history()).rows.length;
    const refusals: [Record<string, unknown>, string][] = [
      [message({ title: '' }), PUSH_MESSAGES.title],
      [message({ sendSchedule: 'scheduled' }), PUSH_MESSAGES.sendDateNeeded],
      [message({ recipientCategory: 'users', userIDs: [] }), PUSH_MESSAGES.userIDs],
      [message({ recipientCategory: 'users', userIDs: ['nobody-1'] }), unknownPushPlayersMessage(['nobody-1'])],
    ];
    for (const [payload, reason] of refusals) {
      const response = await send(payload);
      expect(response.statusCode, reason).toBe(400);
      expect(response.json().error.message).toContain(reason);
    }
    expect((await history()).rows.length).toBe(before);

    const repeated = message({ requestID: `push-once-${dialect}` });
    const answers = await Promise.all(Array.from({ length: 6 }, () => send(repeated)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((answer) => (answer.json() as PushMessage).messageID)).size).toBe(1);
    expect((await history()).rows.length).toBe(before + 1);
    // The same requestID with another message is refused: sending the first would drop the second.
    const reused = await send({ ...repeated, body: 'Another message' });
    expect(reused.statusCode, reused.body).toBe(409);
    expect(reused.json()).toEqual(errorAnswer('aborted', REQUEST_ID_REUSED));
    expect((await history()).rows.length).toBe(before + 1);
    expect(await runner(job()).runDue()).toBe(1);

    expect((await post('/api/fn/development-push-sendbatch', message(), roles.staff)).statusCode).toBe(403);
  });

  it('takes the original client’s seven fields for every audience and time, and names the ones it ignored', async () => {
    const sendDate = new Date(Date.now() + 41 * MINUTE).toISOString();
    const activeDateTime = new Date(Date.now() - 7 * 86_400_000).toISOString();
    const chosen = crowd[40] as string;
    const sevenFields = (recipientCategory: PushRecipientCategory, sendSchedule: PushSendSchedule) =>
      message({ recipientCategory, sendSchedule, activeDateTime, sendDate, userIDs: [chosen] });
    const answers: PushSendBatchResult[] = [];
    // Every audience reaches a device (one with none is refused): the player, with a phone, is a partner here.
    await setProfileKeys(t.stores.identity, roles.player.userId, ['partner']);
    for (const recipientCategory of PUSH_SPEC_RECIPIENT_CATEGORIES) {
      for (const sendSchedule of PUSH_SEND_SCHEDULES) {
        const response = await send(sevenFields(recipientCategory, sendSchedule));
        const label = `${recipientCategory} ${sendSchedule}`;
        expect(response.statusCode, `${label}: ${response.body}`).toBe(200);
        const answer = response.json() as PushSendBatchResult;
        answers.push(answer);
        expect(answer.warnings, label).toEqual([
          ...(sendSchedule === 'now' ? [PUSH_WARNINGS.sendDate] : []),
          ...(recipientCategory === 'active' ? [] : [PUSH_WARNINGS.activeDateTime(recipientCategory)]),
          ...(recipientCategory === 'users' ? [] : [PUSH_WARNINGS.userIDs(recipientCategory)]),
        ]);
        // What applies is the message; what does not is nowhere in it.
        expect(answer, label).toMatchObject({
          recipientCategory,
          sendSchedule,
          state: sendSchedule === 'now' ? 'sending' : 'scheduled',
          activeDateTime: recipientCategory === 'active' ? activeDateTime : null,
          chosenPlayers: recipientCategory === 'users' ? 1 : 0,
        });
        if (sendSchedule === 'scheduled') expect(answer.sendDate, label).toBe(sendDate);
        else expect(answer.sendDate, label).not.toBe(sendDate);
      }
    }
    // Null and empty text where a field does not apply, as the original client may send them: no warning.
    for (const empty of [null, '']) {
      const response = await send(message({ activeDateTime: empty, sendDate: empty, userIDs: empty }));
      expect(response.statusCode, response.body).toBe(200);
      expect((response.json() as PushSendBatchResult).warnings).toEqual([]);
    }
    // The 'now' messages go to their own audiences only; the scheduled ones are cancelled.
    await runner(job()).runDue();
    const toUsers = answers.find((answer) => answer.recipientCategory === 'users' && answer.sendSchedule === 'now');
    expect([...(await delivered(toUsers?.messageID ?? '')).keys()].sort()).toEqual([
      `phone-${chosen}`,
      `tablet-${chosen}`,
    ]);
    expect(await pendingRunsAt(sendDate)).toBe(PUSH_SPEC_RECIPIENT_CATEGORIES.length);
    for (const answer of answers.filter((sent) => sent.state === 'scheduled')) {
      const cancelled = await post(`/api/admin/development/push/messages/${answer.messageID}/cancel`, {});
      expect(cancelled.statusCode, cancelled.body).toBe(200);
    }
    expect(await pendingRunsAt(sendDate)).toBe(0);
    await setProfileKeys(t.stores.identity, roles.player.userId, []);
  });

  it('refuses a message whose audience has no device, now or scheduled, with the reason, and stores and logs nothing', async () => {
    const before = (await history()).rows.length;
    const loggedBefore = (await logged(PUSH_ADMIN_ACTIONS.send)).length;
    // The staff member registered no phone: chosen alone, the audience reaches no device.
    const toStaff = { recipientCategory: 'users', userIDs: [roles.staff.userId] };
    const sendDate = new Date(Date.now() + 30 * MINUTE).toISOString();
    for (const payload of [message(toStaff), message({ ...toStaff, sendSchedule: 'scheduled', sendDate })]) {
      const response = await send(payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual(errorAnswer('invalid-argument', noAudienceDevicesMessage('development')));
    }
    expect((await history()).rows.length).toBe(before);
    expect((await logged(PUSH_ADMIN_ACTIONS.send)).length).toBe(loggedBefore);
    // With one player who has a phone beside them, it goes.
    const both = await send(message({ recipientCategory: 'users', userIDs: [roles.staff.userId, crowd[7]] }));
    expect(both.statusCode, both.body).toBe(200);
    await runner(job()).runDue();
    expect([...(await delivered((both.json() as PushMessage).messageID)).keys()].sort()).toEqual([
      `phone-${crowd[7]}`,
      `tablet-${crowd[7]}`,
    ]);
  });

  it('refuses a message that contradicts itself, and stores, logs and queues nothing for it', async () => {
    const before = (await history()).rows.length;
    const loggedBefore = (await logged(PUSH_ADMIN_ACTIONS.send)).length;
    const pendingRuns = () =>
      t.stores.identity
        .selectFrom('jobs')
        .select('id')
        .where('name', '=', PUSH_SEND_JOB)
        .where('status', '=', 'pending')
        .execute();
    const pendingBefore = await pendingRuns();
    const past = new Date(Date.now() - MINUTE).toISOString();
    const refusals: [Record<string, unknown>, string][] = [
      [
        message({ sendSchedule: 'scheduled', sendDate: past, activeDateTime: '', userIDs: '' }),
        PUSH_MESSAGES.sendDatePast,
      ],
      [message({ sendSchedule: 'scheduled', sendDate: 'tonight' }), PUSH_MESSAGES.sendDate],
      [message({ recipientCategory: 'active', activeDateTime: '', sendDate: '' }), PUSH_MESSAGES.activeDateTimeNeeded],
      [message({ recipientCategory: 'users', userIDs: '', sendDate: null }), PUSH_MESSAGES.userIDs],
    ];
    for (const [payload, reason] of refusals) {
      const response = await send(payload);
      expect(response.statusCode, reason).toBe(400);
      expect(response.json()).toEqual(errorAnswer('invalid-argument', reason));
    }
    expect((await history()).rows.length).toBe(before);
    expect((await logged(PUSH_ADMIN_ACTIONS.send)).length).toBe(loggedBefore);
    expect(await pendingRuns()).toEqual(pendingBefore);
  });

  describe('to a segment', () => {
    /** The players holding 5,000 credits or more: granted below to two of the crowd. */
    const whales: SegmentDefinition = {
      match: 'all',
      rules: [{ attribute: 'creditsHeld', op: 'atLeast', value: 5000 }],
    };
    const androids: SegmentDefinition = {
      match: 'all',
      rules: [{ attribute: 'platform', op: 'is', value: 'android' }],
    };
    const whaleIDs = () => [crowd[60], crowd[61]] as string[];
    const createSegment = async (segmentID: string, name: string, definition: SegmentDefinition) => {
      const response = await post('/api/admin/development/segments', { segmentID, name, description: '', definition });
      expect(response.statusCode, response.body).toBe(200);
    };
    const deleteSegment = (segmentID: string) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/admin/development/segments/${segmentID}`,
        headers: { authorization: roles.admin.bearer },
      });
    const audienceOf = (fields: Record<string, unknown>) => post('/api/admin/development/push/audience', fields);
    const devicesOf = (players: readonly string[]) => players.flatMap((id) => [`phone-${id}`, `tablet-${id}`]).sort();

    beforeAll(async () => {
      for (const [player, amount] of [
        [crowd[60], 6000],
        [crowd[61], 5000],
        [crowd[62], 4999],
      ] as const) {
        const granted = await post(`/api/admin/development/users/${player}/credits`, {
          direction: 'grant',
          amount,
          reason: 'A segment for push',
        });
        expect(granted.statusCode, granted.body).toBe(200);
      }
      await createSegment('push-whales', 'Push whales', whales);
      await createSegment('push-androids', 'Push androids', androids);
      // The app's readings of the players' attributes are kept a minute: read again, as the segments screen's recount does.
      const size = await post('/api/admin/development/segments/size', { definition: whales, recount: true });
      expect(size.statusCode, size.body).toBe(200);
      expect((size.json() as SegmentSize).size).toBe(2);
    });

    it('measures a segment’s audience, and refuses one the environment does not have', async () => {
      const measured = await audienceOf({ recipientCategory: 'segment', segmentID: 'push-whales' });
      expect(measured.statusCode, measured.body).toBe(200);
      expect(measured.json()).toEqual({ players: 2, devices: 4 });
      const unknown = await audienceOf({ recipientCategory: 'segment', segmentID: 'no-such-segment' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual(errorAnswer('not-found', SEGMENTS_MESSAGES.notFound));
      const unnamed = await audienceOf({ recipientCategory: 'segment' });
      expect(unnamed.statusCode).toBe(400);
      expect(unnamed.json().error.message).toContain(PUSH_MESSAGES.segmentIDNeeded);
      // The segment named for another category is not read.
      const everyone = await audienceOf({ recipientCategory: 'everyone', segmentID: 'no-such-segment' });
      expect(everyone.statusCode, everyone.body).toBe(200);
      // Every device, and each player with one once, whatever their number of devices.
      const devices = await db().selectFrom('push_devices').select('user_id').execute();
      expect(new Set(devices.map((device) => device.user_id)).size).toBeLessThan(devices.length);
      expect(everyone.json()).toEqual({
        players: new Set(devices.map((device) => device.user_id)).size,
        devices: devices.length,
      });
    });

    it('reaches exactly the devices of the segment’s players, named with the segment in the history and the log', async () => {
      const requestID = `segment-${randomBytes(4).toString('hex')}`;
      const payload = message({ recipientCategory: 'segment', segmentID: 'push-whales', requestID, userIDs: ['x'] });
      const response = await send(payload);
      expect(response.statusCode, response.body).toBe(200);
      const sent = response.json() as PushSendBatchResult;
      expect(sent).toMatchObject({
        recipientCategory: 'segment',
        segmentID: 'push-whales',
        segmentName: 'Push whales',
        chosenPlayers: 0,
        warnings: [PUSH_WARNINGS.userIDs('segment')],
      });
      const entry = (await logged(PUSH_ADMIN_ACTIONS.send)).find((row) => row.data.messageID === sent.messageID);
      expect(entry?.data).toMatchObject({
        recipientCategory: 'segment',
        segmentID: 'push-whales',
        segmentName: 'Push whales',
      });
      // A retry is the same message; the same requestID naming another segment is another message, refused.
      const again = await send(payload);
      expect(again.statusCode, again.body).toBe(200);
      expect((again.json() as PushMessage).messageID).toBe(sent.messageID);
      const other = await send({ ...payload, segmentID: 'push-androids' });
      expect(other.statusCode, other.body).toBe(409);
      expect(other.json()).toEqual(errorAnswer('aborted', REQUEST_ID_REUSED));

      expect(await runner(job()).runDue()).toBe(1);
      const reached = await delivered(sent.messageID);
      expect([...reached.keys()].sort()).toEqual(devicesOf(whaleIDs()));
      expect([...reached.values()].every((times) => times === 1)).toBe(true);
      const listed = (await history()).rows.find((row) => row.messageID === sent.messageID);
      expect(listed).toMatchObject({ state: 'sent', sent: 4, segmentID: 'push-whales', segmentName: 'Push whales' });
    });

    it('gathers a segment larger than a page, each player once', async () => {
      // Every phone of the crowd and the player: more players than one page of CHUNK.
      const response = await send(message({ recipientCategory: 'segment', segmentID: 'push-androids' }));
      expect(response.statusCode, response.body).toBe(200);
      const { messageID } = response.json() as PushMessage;
      const measured = await audienceOf({ recipientCategory: 'segment', segmentID: 'push-androids' });
      // Every device of a player with an Android one, whatever its own platform.
      const devices = await db()
        .selectFrom('push_devices')
        .select('token')
        .where('user_id', 'in', (eb) =>
          eb.selectFrom('push_devices').select('user_id').where('platform', '=', 'android'),
        )
        .execute();
      expect(measured.json()).toMatchObject({ devices: devices.length });
      expect(await runner(job()).runDue()).toBe(1);
      const reached = await delivered(messageID);
      expect([...reached.keys()].sort()).toEqual(devices.map((device) => device.token).sort());
      expect([...reached.values()].every((times) => times === 1)).toBe(true);
    });

    it('refuses a segment the environment does not have, in words, and stores, logs and queues nothing', async () => {
      const before = (await history()).rows.length;
      const loggedBefore = (await logged(PUSH_ADMIN_ACTIONS.send)).length;
      const sendDate = new Date(Date.now() + 30 * MINUTE).toISOString();
      for (const payload of [
        message({ recipientCategory: 'segment', segmentID: 'no-such-segment' }),
        message({ recipientCategory: 'segment', segmentID: 'no-such-segment', sendSchedule: 'scheduled', sendDate }),
      ]) {
        const response = await send(payload);
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json()).toEqual(
          errorAnswer('invalid-argument', unknownPushSegmentMessage('no-such-segment', 'development')),
        );
      }
      const unnamed = await send(message({ recipientCategory: 'segment', segmentID: '' }));
      expect(unnamed.statusCode).toBe(400);
      expect(unnamed.json()).toEqual(errorAnswer('invalid-argument', PUSH_MESSAGES.segmentIDNeeded));
      expect(await pendingRunsAt(sendDate)).toBe(0);
      expect((await history()).rows.length).toBe(before);
      expect((await logged(PUSH_ADMIN_ACTIONS.send)).length).toBe(loggedBefore);
    });

    it('keeps a segment a scheduled message names from deletion, until the message is cancelled', async () => {
      await createSegment('push-doomed', 'Push doomed', whales);
      const sendDate = new Date(Date.now() + 45 * MINUTE).toISOString();
      const response = await send(
        message({
          title: 'Whale week',
          recipientCategory: 'segment',
          segmentID: 'push-doomed',
          sendSchedule: 'scheduled',
          sendDate,
        }),
      );
      expect(response.statusCode, response.body).toBe(200);
      const { messageID } = response.json() as PushMessage;
      const refused = await deleteSegment('push-doomed');
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toEqual(
        errorAnswer(
          'aborted',
          SEGMENTS_MESSAGES.inUse('push-doomed', [`the push message “Whale week” scheduled for ${sendDate}`]),
        ),
      );
      const cancelled = await post(`/api/admin/development/push/messages/${messageID}/cancel`, {});
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      const deleted = await deleteSegment('push-doomed');
      expect(deleted.statusCode, deleted.body).toBe(200);
      // The history keeps the segment's ID; its name went with it.
      const listed = (await history()).rows.find((row) => row.messageID === messageID);
      expect(listed).toMatchObject({ state: 'cancelled', segmentID: 'push-doomed', segmentName: null });
    });

    it('never records a message to a segment deleted at the same time', async () => {
      for (let round = 0; round < 4; round++) {
        const segmentID = `push-race-${round}`;
        await createSegment(segmentID, `Push race ${round}`, whales);
        const sendDate = new Date(Date.now() + 50 * MINUTE).toISOString();
        const [sent, deleted] = await Promise.all([
          send(message({ recipientCategory: 'segment', segmentID, sendSchedule: 'scheduled', sendDate })),
          deleteSegment(segmentID),
        ]);
        const stored = await db()
          .selectFrom('push_messages')
          .select('message_id')
          .where('segment_id', '=', segmentID)
          .execute();
        const remaining = await db()
          .selectFrom('segments')
          .select('segment_id')
          .where('segment_id', '=', segmentID)
          .execute();
        // One of the two went first: the message (and the segment stays, in use) or the deletion (and the message is refused).
        if (sent.statusCode === 200) {
          expect(deleted.statusCode, deleted.body).toBe(409);
          expect(stored.length).toBe(1);
          expect(remaining.length).toBe(1);
          await post(`/api/admin/development/push/messages/${(sent.json() as PushMessage).messageID}/cancel`, {});
        } else {
          expect(sent.json()).toEqual(
            errorAnswer('invalid-argument', unknownPushSegmentMessage(segmentID, 'development')),
          );
          expect(deleted.statusCode, deleted.body).toBe(200);
          expect(stored.length).toBe(0);
          expect(remaining.length).toBe(0);
        }
      }
    });
  });
});
