import { __CONST___ADMIN_ACTIONS } from '@outpost/contracts/__kebab__/contract';
import {
  __CONST___MESSAGES,
  type __Pascal__Entry,
  type __Pascal__PublicList,
} from '@outpost/contracts/__kebab__/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setProfileKeys } from '../identity/queries';
import { type SignedIn, signUpWithProfile } from '../identity/testing';
import { seedDemoData } from '../seed';
import { openSse, type SseStream } from '../testing/sse-client';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { __camel__Jobs } from './jobs';
import { __camel__PersonalData } from './personal-data';
import { DEMO___CONST___ENTRIES } from './seed';

const NEW_ENTRY = { entryID: 'fresh', name: 'Fresh entry', score: 5000, playerID: null, endsAt: null };

describe.each(TEST_DIALECTS)('__words__ on %s', (dialect) => {
  let t: TestApp;
  let admin: SignedIn;
  let moderator: SignedIn;
  let player: SignedIn;
  const streams: SseStream[] = [];
  const db = () => t.stores.game.development;
  const base = '/api/admin/development/__kebab__';

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    await seedDemoData(t.stores, 'development');
    const setKeys = (userId: string, keys: string[]) => setProfileKeys(t.stores.identity, userId, keys);
    admin = await signUpWithProfile(t.app, setKeys, { email: 'admin@example.com', displayName: 'Ada-admin', keys: ['admin'] });
    moderator = await signUpWithProfile(t.app, setKeys, {
      email: 'moderator@example.com',
      displayName: 'Mo-moderator',
      keys: ['moderator'],
    });
    player = await signUpWithProfile(t.app, setKeys, { email: 'player@example.com', displayName: 'Pat-player' });
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await t.cleanup();
  });

  const publicList = async () => {
    const response = await t.app.inject({ url: '/api/__kebab__' });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as __Pascal__PublicList).entries;
  };
  const send = (who: SignedIn, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: who.bearer }, ...(payload ? { payload } : {}) });
  const logged = (action: string) =>
    db().selectFrom('admin_log').select(['admin', 'data']).where('action', '=', action).execute();

  it('shows players the demo entries, highest score first', async () => {
    const entries = await publicList();
    const demoIDs = [...DEMO___CONST___ENTRIES].sort((a, b) => b.score - a.score).map((entry) => entry.entryID);
    expect(entries.map((entry) => entry.entryID)).toEqual(demoIDs);
  });

  it('lets staff and admins create, edit and delete an entry, each change in the admin log, and heard live', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openSse(`${address}/api/live?topics=__kebab__`);
    streams.push(stream);
    await stream.next((event) => event.event === 'ready');

    const created = await send(admin, 'POST', base, NEW_ENTRY);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ ...NEW_ENTRY });
    expect((await publicList())[0]?.entryID).toBe('fresh');
    const heard = await stream.next((event) => event.event === '__kebab__');
    expect(heard.data).toMatchObject({ key: 'fresh', record: { entryID: 'fresh', score: 5000 } });
    expect(await logged(__CONST___ADMIN_ACTIONS.create)).toEqual([
      expect.objectContaining({ admin: admin.userId }),
    ]);

    const edited = await send(admin, 'PUT', `${base}/fresh`, { ...NEW_ENTRY, entryID: undefined, score: 10 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((edited.json() as __Pascal__Entry).score).toBe(10);
    expect(await logged(__CONST___ADMIN_ACTIONS.update)).toHaveLength(1);

    const deleted = await send(admin, 'DELETE', `${base}/fresh`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await publicList()).map((entry) => entry.entryID)).not.toContain('fresh');
    expect(await logged(__CONST___ADMIN_ACTIONS.delete)).toHaveLength(1);
  });

  it('refuses a taken ID, a missing entry and bad input in words, storing nothing', async () => {
    const taken = await send(admin, 'POST', base, { ...NEW_ENTRY, entryID: DEMO___CONST___ENTRIES[0]?.entryID });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(__CONST___MESSAGES.idTaken(DEMO___CONST___ENTRIES[0]?.entryID ?? ''));
    const missing = await send(admin, 'PUT', `${base}/not-there`, { ...NEW_ENTRY, entryID: undefined });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(__CONST___MESSAGES.notFound);
    const bad = await send(admin, 'POST', base, { ...NEW_ENTRY, entryID: 'bad-score', score: -1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Score cannot be negative.');
    const count = await db().selectFrom('__snake___entries').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(DEMO___CONST___ENTRIES.length);
  });

  it('lets moderators read the list but not change it, and players neither', async () => {
    const read = await t.app.inject({ url: base, headers: { authorization: moderator.bearer } });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().total).toBe(DEMO___CONST___ENTRIES.length);
    expect((await send(moderator, 'POST', base, NEW_ENTRY)).statusCode).toBe(403);
    expect((await t.app.inject({ url: base, headers: { authorization: player.bearer } })).statusCode).toBe(403);
  });

  it('deletes ended entries in its nightly job, and keeps the running ones', async () => {
    const ended = { ...NEW_ENTRY, entryID: 'ended', endsAt: new Date(Date.now() - 60_000).toISOString() };
    expect((await send(admin, 'POST', base, ended)).statusCode).toBe(200);
    expect((await publicList()).map((entry) => entry.entryID)).not.toContain('ended');
    const [job] = __camel__Jobs({ game: db() });
    expect(job?.name).toBe('__kebab__.delete-ended');
    await job?.run(undefined, { attempt: 1, extendLease: async () => true });
    const left = await db().selectFrom('__snake___entries').select('entry_id').execute();
    expect(left.map((row) => row.entry_id).sort()).toEqual(DEMO___CONST___ENTRIES.map((entry) => entry.entryID).sort());
  });

  it("puts a player's entries in their download and erases them with their account, no one else's", async () => {
    const mine = { ...NEW_ENTRY, entryID: 'for-pat', playerID: player.userId };
    expect((await send(admin, 'POST', base, mine)).statusCode).toBe(200);
    const subject = { userId: player.userId, email: player.email, displayName: 'Pat-player', writtenBefore: new Date().toISOString() };
    const download = await __camel__PersonalData.export(db(), subject);
    expect(download).toEqual({ __camel__Entries: [expect.objectContaining({ entryID: 'for-pat' })] });
    await db().transaction().execute((trx) => __camel__PersonalData.erase(trx, { ...subject, anonymousId: 'gone' }));
    const left = await db().selectFrom('__snake___entries').select('entry_id').execute();
    expect(left.map((row) => row.entry_id).sort()).toEqual(DEMO___CONST___ENTRIES.map((entry) => entry.entryID).sort());
  });
});
