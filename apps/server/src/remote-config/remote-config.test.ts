import { adminLogAction } from '@outpost/contracts/admin-log-actions';
import {
  REMOTE_CONFIG_ADMIN_ACTIONS as ACTIONS,
  REMOTE_CONFIG_CALLABLE,
} from '@outpost/contracts/remote-config/contract';
import {
  REMOTE_CONFIG_LIMITS,
  type RemoteConfigParameter,
  type RemoteConfigState,
  type RemoteConfigTemplate,
  type RemoteConfigValues,
  REMOTE_CONFIG_MESSAGES as SAY,
} from '@outpost/contracts/remote-config/schemas';
import { SEGMENTS_MESSAGES } from '@outpost/contracts/segments/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedEntries } from '../backoffice/testing';
import { setProfileKeys } from '../identity/queries';
import { type SignedIn, signUpWithProfile } from '../identity/testing';
import { seedDemoData } from '../seed';
import { openSse, type SseStream } from '../testing/sse-client';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { REMOTE_CONFIG_PUBLISH_JOB, remoteConfigJobs } from './jobs';
import { DEMO_REMOTE_CONFIG } from './seed';

const NO_RUN_CONTEXT = { attempt: 1, extendLease: async () => true };

const withParameter = (template: RemoteConfigTemplate, parameter: RemoteConfigParameter): RemoteConfigTemplate => ({
  ...template,
  parameters: [...template.parameters.filter((one) => one.key !== parameter.key), parameter],
});

describe.each(TEST_DIALECTS)('remote config on %s', (dialect) => {
  let t: TestApp;
  let admin: SignedIn;
  let moderator: SignedIn;
  let player: SignedIn;
  const streams: SseStream[] = [];
  const db = () => t.stores.game.development;
  const base = '/api/admin/development/remote-config';

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    await seedDemoData(t.stores, 'development');
    const setKeys = (userId: string, keys: string[]) => setProfileKeys(t.stores.identity, userId, keys);
    admin = await signUpWithProfile(t.app, setKeys, {
      email: 'admin@example.com',
      displayName: 'Ada-admin',
      keys: ['admin'],
    });
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

  const send = (who: SignedIn, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: who.bearer }, ...(payload ? { payload } : {}) });
  const readState = async () => {
    const response = await send(admin, 'GET', base);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as RemoteConfigState;
  };
  const saveDraft = async (template: RemoteConfigTemplate) => {
    const { draftRevision } = await readState();
    const response = await send(admin, 'PUT', `${base}/draft`, { template, revision: draftRevision });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as RemoteConfigState;
  };
  const publish = async (description: string) => {
    const { draftRevision } = await readState();
    const response = await send(admin, 'POST', `${base}/publish`, { description, revision: draftRevision });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const fetchValues = (query: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url: `/api/remote-config?${query}`, headers });
  const logged = (action: string) => loggedEntries(db(), action);
  const sentence = (action: string, data: Record<string, unknown>) =>
    adminLogAction(action)
      .sentence(data)
      .map((part) => (typeof part === 'string' ? part : 'time' in part ? `<${part.time}>` : '?'))
      .join(' ');

  it('answers the game the demo version, evaluated for the caller, with an ETag and 304 while it holds', async () => {
    const first = await fetchValues('platform=android&appVersion=2.20&deviceId=device-1');
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json() as RemoteConfigValues;
    expect(body).toEqual({
      version: 1,
      values: {
        welcome_message: 'Welcome back to the Outpost.',
        daily_reward_credits: 50,
        night_market_enabled: false,
        event_banner: { title: 'Radio Season', color: '#c4561b' },
      },
    });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"rc-1-/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await fetchValues('platform=android&appVersion=2.20&deviceId=device-1', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const old = await fetchValues('platform=android&appVersion=2.3&deviceId=device-1', { 'if-none-match': etag });
    expect(old.statusCode).toBe(200);
    expect((old.json() as RemoteConfigValues).values.welcome_message).toMatch(/^A new version of Outpost is out/);

    // About a tenth of iOS devices on 2.14 or later get the night market.
    let open = 0;
    for (let index = 0; index < 300; index += 1) {
      const response = await fetchValues(`platform=ios&appVersion=2.14.1&deviceId=ios-${index}`);
      if ((response.json() as RemoteConfigValues).values.night_market_enabled === true) open += 1;
    }
    expect(open).toBeGreaterThan(10);
    expect(open).toBeLessThan(60);

    const bad = await fetchValues('platform=windows');
    expect(bad.statusCode).toBe(400);
  });

  it('answers the same values through the callable, for the signed-in player', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/callable/${REMOTE_CONFIG_CALLABLE}`,
      headers: { authorization: player.bearer },
      payload: { data: { platform: 'ios', appVersion: '2.0' } },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      version: 1,
      values: { welcome_message: expect.stringMatching(/^A new/) },
    });
  });

  it('saves a draft, publishes it as version 2 which the game hears live and gets, each change logged', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const game = await openSse(`${address}/api/live?topics=remote-config`);
    streams.push(game);
    await game.next((event) => event.event === 'ready');

    const draft = withParameter(DEMO_REMOTE_CONFIG, {
      key: 'daily_reward_credits',
      type: 'number',
      defaultValue: 75,
      conditionalValues: [],
    });
    const saved = await saveDraft(draft);
    expect(saved.unpublished.parameters).toEqual({ added: [], removed: [], changed: ['daily_reward_credits'] });
    expect(saved.draftUpdatedBy?.displayName).toBe('Ada-admin');
    // A draft changes nothing the game gets.
    expect(((await fetchValues('deviceId=d')).json() as RemoteConfigValues).values.daily_reward_credits).toBe(50);
    const [draftEntry] = await logged(ACTIONS.saveDraft);
    expect(draftEntry?.admin).toBe(admin.userId);
    expect(sentence(ACTIONS.saveDraft, draftEntry?.data ?? {})).toBe(
      'saved the remote config draft (changed daily_reward_credits)',
    );

    const answer = await publish('More daily credits');
    expect(answer).toMatchObject({ kind: 'published', version: { version: 2, description: 'More daily credits' } });
    const heard = await game.next((event) => event.event === 'remote-config');
    expect(heard.data).toMatchObject({ key: 'published', record: { version: 2 } });
    const fetched = await fetchValues('deviceId=d');
    expect((fetched.json() as RemoteConfigValues).values.daily_reward_credits).toBe(75);
    expect(fetched.headers.etag).toMatch(/^"rc-2-/);
    const [published] = await logged(ACTIONS.publish);
    expect(sentence(ACTIONS.publish, published?.data ?? {})).toBe(
      'published remote config version 2 (changed daily_reward_credits)',
    );
    const state = await readState();
    expect(state.current).toMatchObject({ version: 2, publishedBy: { displayName: 'Ada-admin' } });
    expect(state.unpublished.parameters.changed).toEqual([]);

    const versions = await send(moderator, 'GET', `${base}/versions`);
    expect(versions.statusCode, versions.body).toBe(200);
    expect(versions.json().rows.map((row: { version: number }) => row.version)).toEqual([2, 1]);
    const one = await send(moderator, 'GET', `${base}/versions/2`);
    expect(one.json()).toMatchObject({ version: 2, diff: { parameters: { changed: ['daily_reward_credits'] } } });
  });

  it('refuses a template that breaks its rules, in words, keeping the draft as it was', async () => {
    const before = await readState();
    const refusal = async (template: RemoteConfigTemplate, message: string) => {
      const response = await send(admin, 'PUT', `${base}/draft`, { template, revision: before.draftRevision });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.message).toContain(message);
    };
    const parameter = (over: Partial<RemoteConfigParameter>): RemoteConfigParameter => ({
      key: 'extra',
      type: 'string',
      defaultValue: 'x',
      conditionalValues: [],
      ...over,
    });
    await refusal(
      withParameter(before.draft, parameter({ defaultValue: 3 })),
      SAY.wrongType('extra', 'default value', 'string'),
    );
    await refusal(
      withParameter(before.draft, parameter({ conditionalValues: [{ condition: 'Nobody', value: 'y' }] })),
      SAY.unknownCondition('extra', 'Nobody'),
    );
    await refusal(
      withParameter(
        before.draft,
        parameter({
          type: 'json',
          defaultValue: { title: '' },
          schema: { type: 'object', properties: { title: { type: 'string', minLength: 1 } } },
        }),
      ),
      'Parameter "extra": its default value does not match its schema (value/title must NOT have fewer than 1 characters).',
    );
    await refusal(
      {
        ...before.draft,
        parameters: [...before.draft.parameters, before.draft.parameters[0] as RemoteConfigParameter],
      },
      SAY.duplicateKey('welcome_message'),
    );
    await refusal(
      {
        ...before.draft,
        conditions: [...before.draft.conditions, { name: 'Backwards', appVersion: { min: '3.0', max: '2.0' } }],
      },
      SAY.badVersionRange('Backwards'),
    );
    const many = Array.from({ length: REMOTE_CONFIG_LIMITS.parameters + 1 }, (_, index) =>
      parameter({ key: `p${index}` }),
    );
    await refusal({ conditions: [], parameters: many }, SAY.tooManyParameters);
    const badShape = await send(admin, 'PUT', `${base}/draft`, {
      template: { conditions: [] },
      revision: before.draftRevision,
    });
    expect(badShape.statusCode).toBe(400);

    const nothing = await send(admin, 'POST', `${base}/publish`, { description: '', revision: before.draftRevision });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().error.message).toBe(SAY.nothingToPublish);
    expect((await send(admin, 'GET', `${base}/versions/99`)).statusCode).toBe(404);
    expect((await readState()).draftRevision).toBe(before.draftRevision);
  });

  it('lets moderators read but not change it, and players neither', async () => {
    expect((await send(moderator, 'GET', base)).statusCode).toBe(200);
    const { draft, draftRevision } = await readState();
    expect(
      (await send(moderator, 'PUT', `${base}/draft`, { template: draft, revision: draftRevision })).statusCode,
    ).toBe(403);
    expect(
      (await send(moderator, 'POST', `${base}/publish`, { description: '', revision: draftRevision })).statusCode,
    ).toBe(403);
    expect((await send(player, 'GET', base)).statusCode).toBe(403);
  });

  it('keeps one of two saves and one of two publishes made at once from the same revision', async () => {
    const { draft, draftRevision } = await readState();
    const saves = await Promise.all(
      [80, 90].map((credits) =>
        send(admin, 'PUT', `${base}/draft`, {
          template: withParameter(draft, {
            key: 'daily_reward_credits',
            type: 'number',
            defaultValue: credits,
            conditionalValues: [],
          }),
          revision: draftRevision,
        }),
      ),
    );
    expect(saves.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(saves.find((response) => response.statusCode === 409)?.json().error.message).toBe(SAY.draftMoved);

    const { draftRevision: reviewed } = await readState();
    const publishes = await Promise.all(
      ['first', 'second'].map((description) =>
        send(admin, 'POST', `${base}/publish`, { description, revision: reviewed }),
      ),
    );
    const statuses = publishes.map((response) => response.statusCode).sort();
    // The loser either met the winner's version number (409) or found nothing left to publish (400).
    expect(statuses[0]).toBe(200);
    expect([400, 409]).toContain(statuses[1]);
    const versions = await db().selectFrom('remote_config_versions').select('version').orderBy('version').execute();
    expect(versions.map((row) => row.version)).toEqual([1, 2, 3]);
  });

  it('rolls back to version 1 as a new version, which the game gets and the draft follows', async () => {
    const rolled = await send(admin, 'POST', `${base}/versions/1/rollback`);
    expect(rolled.statusCode, rolled.body).toBe(200);
    expect(rolled.json()).toMatchObject({ version: 4, rollbackOf: 1, description: 'Rollback to version 1' });
    expect((await fetchValues('deviceId=d')).json() as RemoteConfigValues).toMatchObject({
      version: 4,
      values: { daily_reward_credits: 50 },
    });
    const state = await readState();
    expect(state.draft).toEqual(DEMO_REMOTE_CONFIG);
    expect(state.unpublished.parameters.changed).toEqual([]);
    const [entry] = await logged(ACTIONS.rollback);
    expect(sentence(ACTIONS.rollback, entry?.data ?? {})).toBe(
      'rolled remote config back to version 1, published as remote config version 4',
    );
    expect((await send(admin, 'POST', `${base}/versions/99/rollback`)).statusCode).toBe(404);
  });

  it('publishes a scheduled draft when its job runs, and nothing for a cancelled one', async () => {
    const [job, requeue] = remoteConfigJobs({ game: t.stores.game, identity: t.stores.identity, parameterUses: [] });
    expect(job?.name).toBe(REMOTE_CONFIG_PUBLISH_JOB);
    const schedule = async (credits: number) => {
      await saveDraft(
        withParameter((await readState()).draft, {
          key: 'daily_reward_credits',
          type: 'number',
          defaultValue: credits,
          conditionalValues: [],
        }),
      );
      const { draftRevision } = await readState();
      const publishAt = new Date(Date.now() + 3_600_000).toISOString();
      const response = await send(admin, 'POST', `${base}/publish`, {
        description: `${credits} credits`,
        revision: draftRevision,
        publishAt,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().scheduled.scheduleID as string;
    };
    const past = await send(admin, 'POST', `${base}/publish`, {
      description: '',
      revision: (await readState()).draftRevision,
      publishAt: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.message).toBe(SAY.scheduleInPast);

    const cancelled = await schedule(60);
    const kept = await schedule(120);
    const scheduled = (await readState()).scheduled;
    // The demo's own, a week after the seed, comes last.
    expect(scheduled.map((one) => one.scheduleID).slice(0, 2)).toEqual([cancelled, kept]);
    expect(scheduled[2]).toMatchObject({ description: 'The weekend event banner', scheduledBy: null });
    const demoSchedule = scheduled[2]?.scheduleID;
    const queued = await t.stores.identity
      .selectFrom('jobs')
      .select(['key', 'run_at'])
      .where('name', '=', REMOTE_CONFIG_PUBLISH_JOB)
      .execute();
    const pending = async () =>
      (
        await t.stores.identity
          .selectFrom('jobs')
          .select('key')
          .where('name', '=', REMOTE_CONFIG_PUBLISH_JOB)
          .where('status', '=', 'pending')
          .execute()
      )
        .map((row) => row.key)
        .sort();
    expect(queued.map((row) => row.key)).toEqual(
      expect.arrayContaining([`development:${cancelled}`, `development:${kept}`]),
    );
    // A schedule whose run was lost (the demo's is written with none): the periodic pass queues it, once however often it runs.
    await t.stores.identity.deleteFrom('jobs').where('key', '=', `development:${demoSchedule}`).execute();
    await requeue?.run(undefined, NO_RUN_CONTEXT);
    await requeue?.run(undefined, NO_RUN_CONTEXT);
    expect(await pending()).toEqual(
      [`development:${cancelled}`, `development:${kept}`, `development:${demoSchedule}`].sort(),
    );

    const cancel = await send(admin, 'DELETE', `${base}/scheduled/${cancelled}`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await send(admin, 'DELETE', `${base}/scheduled/${cancelled}`)).statusCode).toBe(404);
    // Its waiting run is withdrawn with it.
    const withdrawn = await t.stores.identity
      .selectFrom('jobs')
      .select('status')
      .where('key', '=', `development:${cancelled}`)
      .where('status', '=', 'pending')
      .execute();
    expect(withdrawn).toEqual([]);
    await job?.run({ environment: 'development', scheduleID: cancelled }, NO_RUN_CONTEXT);
    expect(((await fetchValues('deviceId=d')).json() as RemoteConfigValues).version).toBe(4);

    await job?.run({ environment: 'development', scheduleID: kept }, NO_RUN_CONTEXT);
    expect((await fetchValues('deviceId=d')).json() as RemoteConfigValues).toMatchObject({
      version: 5,
      values: { daily_reward_credits: 120 },
    });
    // Run twice (a run taken over): nothing more.
    await job?.run({ environment: 'development', scheduleID: kept }, NO_RUN_CONTEXT);
    expect(((await fetchValues('deviceId=d')).json() as RemoteConfigValues).version).toBe(5);
    const [scheduledEntry] = await logged(ACTIONS.schedule);
    expect(sentence(ACTIONS.schedule, scheduledEntry?.data ?? {})).toMatch(
      /^scheduled a remote config publish for <\d{4}-/,
    );
    const [cancelEntry] = await logged(ACTIONS.cancelSchedule);
    expect(sentence(ACTIONS.cancelSchedule, cancelEntry?.data ?? {})).toMatch(
      /^cancelled the remote config publish scheduled for <\d{4}-/,
    );
    const [byJob] = await logged(ACTIONS.publish);
    expect(byJob?.admin).toBe(admin.userId);
    expect(sentence(ACTIONS.publish, byJob?.data ?? {})).toBe(
      'published remote config version 5 (changed daily_reward_credits)',
    );
  });

  it('gives a segment’s value to the players the segment holds, refuses a segment the environment lacks, and keeps one in use', async () => {
    const segment = {
      segmentID: 'credit-holders',
      name: 'Credit holders',
      description: '',
      definition: { match: 'all', rules: [{ attribute: 'creditsHeld', op: 'atLeast', value: 100 }] },
    };
    expect((await send(admin, 'POST', '/api/admin/development/segments', segment)).statusCode).toBe(200);
    const granted = await send(admin, 'POST', `/api/admin/development/users/${player.userId}/credits`, {
      direction: 'grant',
      amount: 150,
      reason: 'Segment test',
    });
    expect(granted.statusCode, granted.body).toBe(200);

    const { draft } = await readState();
    const unknown = await send(admin, 'PUT', `${base}/draft`, {
      template: { ...draft, conditions: [...draft.conditions, { name: 'Nobody', segment: 'no-such-segment' }] },
      revision: (await readState()).draftRevision,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe(SAY.unknownSegment('Nobody', 'no-such-segment'));

    const holders = withParameter(
      { ...draft, conditions: [{ name: 'Holders', segment: 'credit-holders' }, ...draft.conditions] },
      {
        key: 'holder_bonus',
        type: 'number',
        defaultValue: 0,
        conditionalValues: [{ condition: 'Holders', value: 99 }],
      },
    );
    await saveDraft(holders);
    const { version } = (await publish('A bonus for credit holders')).version as { version: number };

    const asPlayer = await fetchValues('platform=ios&appVersion=2.0', { authorization: player.bearer });
    expect((asPlayer.json() as RemoteConfigValues).values.holder_bonus).toBe(99);
    const asModerator = await fetchValues('platform=ios&appVersion=2.0', { authorization: moderator.bearer });
    expect((asModerator.json() as RemoteConfigValues).values.holder_bonus).toBe(0);
    // A device alone is in no segment.
    const asDevice = await fetchValues('platform=ios&appVersion=2.0&deviceId=device-9');
    expect((asDevice.json() as RemoteConfigValues).values.holder_bonus).toBe(0);
    // The tag names the segment's condition: the two players' values differ, so do their tags.
    expect(asPlayer.headers.etag).not.toBe(asModerator.headers.etag);
    const revalidated = await fetchValues('platform=ios&appVersion=2.0', {
      authorization: player.bearer,
      'if-none-match': asPlayer.headers.etag as string,
    });
    expect(revalidated.statusCode).toBe(304);
    const callable = await t.app.inject({
      method: 'POST',
      url: `/api/callable/${REMOTE_CONFIG_CALLABLE}`,
      headers: { authorization: player.bearer },
      payload: { data: { platform: 'ios', appVersion: '2.0' } },
    });
    expect(callable.json().data.values.holder_bonus).toBe(99);

    const deleted = await send(admin, 'DELETE', '/api/admin/development/segments/credit-holders');
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().error.message).toBe(
      SEGMENTS_MESSAGES.inUse('credit-holders', [`remote config version ${version}'s condition "Holders"`]),
    );
    expect((await send(admin, 'GET', '/api/admin/development/segments/credit-holders')).statusCode).toBe(200);
  });
});
