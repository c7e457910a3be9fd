import { BETA_REQUEST_STATUS } from '@outpost/contracts/beta';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setProfileKeys } from './identity/queries';
import { type SignedIn, signUpWithProfile } from './identity/testing';
import { placeOrder, putTestProduct, readyToShop } from './merch/testing';
import { insertScheduledPush } from './push/testing';
import { seedDemoData } from './seed';
import { openSse, type SseEvent, type SseStream } from './testing/sse-client';
import { buildTestApp, TEST_DIALECTS, type TestApp } from './testing/test-stores';

/*
 * The back office's lists and the player's own beta side follow their topics: whoever writes (a route, the
 * job runner, plain SQL), the open streams hear which row changed, in the store the change was made in.
 */

const ENV = 'development';

describe.each(TEST_DIALECTS)('live back-office lists on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  let admin: SignedIn;
  let staff: SignedIn;
  let player: SignedIn;
  let bystander: SignedIn;
  const streams: SseStream[] = [];
  const game = () => t.stores.game[ENV];
  const setKeys = (userId: string, keys: string[]) => setProfileKeys(t.stores.identity, userId, keys);

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    await seedDemoData(t.stores, ENV);
    admin = await signUpWithProfile(t.app, setKeys, {
      email: 'lists-admin@example.com',
      displayName: 'ListsAdmin',
      keys: ['admin'],
    });
    staff = await signUpWithProfile(t.app, setKeys, {
      email: 'lists-staff@example.com',
      displayName: 'ListsStaff',
      keys: ['staff'],
    });
    player = await signUpWithProfile(t.app, setKeys, { email: 'lists-player@example.com', displayName: 'ListsPlayer' });
    bystander = await signUpWithProfile(t.app, setKeys, {
      email: 'lists-other@example.com',
      displayName: 'ListsOther',
    });
    base = await (t.app as FastifyInstance).listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await t.cleanup();
  });

  async function follow(topics: string, as: SignedIn, env?: string) {
    const query = new URLSearchParams({ topics, ...(env ? { env } : {}) });
    const stream = await openSse(`${base}/api/live?${query}`, { authorization: as.bearer });
    streams.push(stream);
    expect(stream.status, JSON.stringify(stream.body)).toBe(200);
    await stream.next((event) => event.event === 'ready');
    return stream;
  }
  const changed = (topic: string, key?: string) => (event: SseEvent) =>
    event.event === topic && (key === undefined || (event.data as { key: string }).key === key);
  const call = (as: SignedIn, method: 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: as.bearer }, ...(payload ? { payload } : {}) });
  /** A write that changes no value, as the operator's hand could make it: a write all the same. */
  async function touchFirst(table: string, key: string): Promise<string> {
    const row = await sql<{ key: string }>`select ${sql.ref(key)} as key from ${sql.table(table)} limit 1`.execute(
      game(),
    );
    const first = row.rows[0]?.key;
    if (first === undefined) throw new Error(`The demo data has no ${table}`);
    await sql`update ${sql.table(table)} set ${sql.ref(key)} = ${sql.ref(key)} where ${sql.ref(key)} = ${first}`.execute(
      game(),
    );
    return String(first);
  }

  it('tells each list which row changed, without its record: the list refetches its page', async () => {
    const lists = await follow(
      'admin-log,reports,beta-requests,beta-invites,merch-orders,job-runs,push-messages,ingest-keys',
      admin,
      ENV,
    );

    // Through the routes: a key made (and its admin-log entry), an invite made, a beta request filed.
    const made = await call(admin, 'POST', `/api/admin/${ENV}/ingest-keys`, { name: 'Live lists server' });
    expect(made.statusCode, made.body).toBe(200);
    const keyID = (made.json() as { key: { keyID: string } }).key.keyID;
    expect((await lists.next(changed('ingest-keys', keyID))).data).toEqual({ key: keyID, record: null });
    // The key and its log entry were written in one transaction: they came together.
    expect(lists.events.filter(changed('admin-log'))).toHaveLength(1);

    const invite = await call(admin, 'POST', `/api/admin/${ENV}/invites`, { inviteID: 'live-lists', validDays: 7 });
    expect(invite.statusCode, invite.body).toBe(200);
    await lists.next(changed('beta-invites', 'live-lists'));

    const asked = await call(player, 'PUT', '/api/account/beta/request', { data: { platform: 'android' } });
    expect(asked.statusCode, asked.body).toBe(200);
    await lists.next(changed('beta-requests', player.userId));

    // A merch order placed and paid in credits.
    await readyToShop(t.app, game(), player, 5000);
    await putTestProduct(game(), { productID: 'live-lists-tee', varieties: [['m', 5]] });
    const placed = await placeOrder(t.app, player, {
      lines: [{ productID: 'live-lists-tee', varietyID: 'm', quantity: 1 }],
      payment: 'credits',
    });
    expect(placed.statusCode, placed.body).toBe(200);
    await lists.next(changed('merch-orders', (placed.json() as { orderID: string }).orderID));

    // Written by hand, as the game's ingestion or the send job would write them.
    await lists.next(changed('reports', await touchFirst('reports', 'report_id')));
    await insertScheduledPush(game(), { messageID: 'live-lists-push', title: 'Live lists', createdBy: admin.userId });
    await lists.next(changed('push-messages', 'live-lists-push'));
    await game().deleteFrom('push_messages').where('message_id', '=', 'live-lists-push').execute();

    // The job runner's history is the identity store's, one for every environment.
    const at = new Date().toISOString();
    const job = await t.stores.identity
      .insertInto('jobs')
      .values({
        name: 'live-lists.check',
        key: '',
        payload: '{}',
        status: 'pending',
        run_at: new Date(Date.now() + 3_600_000).toISOString(),
        attempts: 0,
        max_attempts: 1,
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await lists.next(changed('job-runs', String(job.id)));
    await t.stores.identity.deleteFrom('jobs').where('id', '=', job.id).execute();
  });

  it('follows a list only with its capability', async () => {
    // Staff manage the beta and read the jobs; the game servers' keys are admins'.
    await follow('beta-requests,job-runs', staff, ENV);
    const keys = await openSse(`${base}/api/live?${new URLSearchParams({ topics: 'ingest-keys', env: ENV })}`, {
      authorization: staff.bearer,
    });
    streams.push(keys);
    expect(keys.status).toBe(403);
  });

  it("sends a player their own beta request as staff accept it, and no one else's", async () => {
    const asked = await call(player, 'PUT', '/api/account/beta/request', { data: { platform: 'ios' } });
    expect(asked.statusCode, asked.body).toBe(200);
    const mine = await follow('account-beta', player);
    const theirs = await follow('account-beta', bystander);
    const accepted = await call(admin, 'POST', `/api/admin/${ENV}/beta-requests/${player.userId}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const seen = await mine.next(
      (event) =>
        changed('account-beta', player.userId)(event) &&
        (event.data as { record: { request: { status: number } } }).record.request.status ===
          BETA_REQUEST_STATUS.accepted,
    );
    // As GET /api/account/beta answers it: the accepted request and the invites it gave to share.
    expect(seen.data).toMatchObject({ record: { request: { userID: player.userId }, invites: expect.any(Array) } });
    expect((seen.data as { record: { invites: unknown[] } }).record.invites.length).toBeGreaterThan(0);
    expect((await theirs.collect(300)).filter((event) => event.event === 'account-beta')).toEqual([]);
  });
});
