import { adminLogAction } from '@outpost/contracts/admin-log-actions';
import {
  EXPERIMENTS_ADMIN_ACTIONS as ACTIONS,
  EXPERIMENT_EXPOSURES_TOPIC,
  EXPERIMENTS_QUERY_KEYS,
  EXPERIMENTS_TOPIC,
} from '@outpost/contracts/experiments/contract';
import {
  type CreateExperimentInput,
  type Experiment,
  type ExperimentResults,
  EXPERIMENT_MESSAGES as SAY,
} from '@outpost/contracts/experiments/schemas';
import { LIVE_TOPICS } from '@outpost/contracts/live-topics';
import { REMOTE_CONFIG_ADMIN_ACTIONS, REMOTE_CONFIG_CALLABLE } from '@outpost/contracts/remote-config/contract';
import type {
  RemoteConfigParameter,
  RemoteConfigState,
  RemoteConfigValues,
} from '@outpost/contracts/remote-config/schemas';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { OPERATOR } from '../backoffice/index';
import { loggedEntries } from '../backoffice/testing';
import type { AnyGameEventKind, BatchEvent } from '../domain';
import { GAME_DATA_KINDS } from '../game-data/kinds';
import { setProfileKeys } from '../identity/queries';
import { deleteOwnAccount, ORIGIN, type SignedIn, signUp, signUpPlayers, signUpWithProfile } from '../identity/testing';
import { credit, spend } from '../ledger/index';
import { seedDemoData } from '../seed';
import { openSse, type SseStream } from '../testing/sse-client';
import { buildTestApp, buildUnreadyTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { assignVariant } from './assignment';
import { EXPERIMENTS_SWEEP_JOB, experimentsJobs } from './jobs';
import { experimentsPersonalData } from './personal-data';
import { createExperiments } from './service';
import { twoProportionTest, welchTest } from './statistics';

/*
 * Experiments through their routes on each store: every admin action logged in the contract's words
 * (the contract's adminLogWalk), refusals in words with nothing stored, two starts on one parameter
 * at once (one wins), the game's fetch answering each player their variant (the HTTP fetch and the
 * callable, alike on two instances) with its tag and one exposure per player however many fetch at
 * once, the players outside the segment answered remote config's own value, results from sessions
 * and ledger rows written by their domains' own writers, and a roll-out publishing a version.
 */

const ENV = 'development';
const BASE = `/api/admin/${ENV}/experiments`;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const NO_RUN_CONTEXT = { attempt: 1, extendLease: async () => true };

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const kind = (type: string): AnyGameEventKind => {
  const found = GAME_DATA_KINDS.find((one) => one.type === type);
  if (!found) throw new Error(`no kind ${type}`);
  return found;
};

describe.each(TEST_DIALECTS)('experiments on %s', (dialect) => {
  let t: TestApp;
  let admin: SignedIn;
  let moderator: SignedIn;
  let players: SignedIn[];
  const streams: SseStream[] = [];
  const db = () => t.stores.game[ENV];
  let address: string | undefined;
  /** The app's address, listening from the first test that opens a live stream on. */
  const listening = async () => {
    address ??= await t.app.listen({ port: 0, host: '127.0.0.1' });
    return address;
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    await seedDemoData(t.stores, ENV);
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
    players = await signUpPlayers(t.app, t.stores.identity, 'exp', 60);
    // The first twenty reach level 5: the segment "Levelled" holds them (read before any fetch asks it).
    await writeEvents(
      'level',
      players.slice(0, 20).map((player, index) => ({
        id: `level-${index}`,
        type: 'level',
        userID: player.userId,
        level: 5,
        at: new Date().toISOString(),
      })),
    );
    const segment = await send(admin, 'POST', `/api/admin/${ENV}/segments`, {
      segmentID: 'levelled',
      name: 'Levelled',
      description: '',
      definition: { match: 'all', rules: [{ attribute: 'highestLevel', op: 'atLeast', value: 5 }] },
    });
    expectStatus(segment, 200);
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await t.cleanup();
  });

  /** Stores game events through the game-data domain's own writer of their kind. */
  async function writeEvents(type: string, events: Record<string, unknown>[]): Promise<void> {
    const batch = events.map((event, index) => ({ index, event })) as unknown as BatchEvent[];
    await db()
      .transaction()
      .execute((trx) => kind(type).store(trx, batch, new Date()));
  }

  const send = (who: SignedIn, method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: who.bearer }, ...(payload ? { payload } : {}) });
  function expectStatus(response: LightMyRequestResponse, status: number): void {
    expect(response.statusCode, response.body).toBe(status);
  }
  const ok = async (response: Promise<LightMyRequestResponse>) => {
    const answered = await response;
    expectStatus(answered, 200);
    return answered.json() as Experiment;
  };
  const read = (experimentID: string) => ok(send(admin, 'GET', `${BASE}/${experimentID}`));
  const sentence = (action: string, data: Record<string, unknown>) =>
    adminLogAction(action)
      .sentence(data)
      .map((part) => (typeof part === 'string' ? part : 'time' in part ? `<${part.time}>` : '?'))
      .join(' ');
  const lastSentence = async (action: string) => {
    const [entry] = await loggedEntries(db(), action);
    expect(entry?.admin).toBe(admin.userId);
    return sentence(action, entry?.data ?? {});
  };
  const fetchValues = (who: SignedIn | null, headers: Record<string, string> = {}, app: FastifyInstance = t.app) =>
    app.inject({
      url: '/api/remote-config?platform=android&appVersion=2.20&deviceId=device-1',
      headers: { ...(who ? { authorization: who.bearer } : {}), ...headers },
    });
  const fetchedValue = async (who: SignedIn | null, key: string) => {
    const response = await fetchValues(who);
    expectStatus(response, 200);
    return (response.json() as RemoteConfigValues).values[key];
  };
  const exposures = (experimentID: string) =>
    db()
      .selectFrom('experiment_exposures')
      .selectAll()
      .where('experiment_id', '=', experimentID)
      .orderBy('user_id')
      .execute();
  /** Exposures are written in batches within a second of the fetch. */
  const exposedCount = async (experimentID: string, count: number) => {
    await expect.poll(async () => (await exposures(experimentID)).length, { timeout: 5_000 }).toBe(count);
  };
  const draft = (over: Partial<CreateExperimentInput> & { experimentID: string }): CreateExperimentInput => ({
    name: `Experiment ${over.experimentID}`,
    description: '',
    parameterKey: 'daily_reward_credits',
    segmentID: null,
    variants: [
      { name: 'Control', value: 50, weight: 1 },
      { name: 'Generous', value: 80, weight: 1 },
    ],
    metric: 'creditsSpentPerPlayer',
    startsAt: null,
    endsAt: null,
    ...over,
  });
  const create = (input: CreateExperimentInput) => ok(send(admin, 'POST', BASE, input));
  const start = async (experiment: Experiment, startsAt?: string) =>
    ok(
      send(admin, 'POST', `${BASE}/${experiment.experimentID}/start`, {
        revision: experiment.revision,
        ...(startsAt ? { startsAt } : {}),
      }),
    );
  const stop = async (experiment: Experiment) =>
    ok(send(admin, 'POST', `${BASE}/${experiment.experimentID}/stop`, { revision: experiment.revision }));

  it('walks every admin action through its route, each logged in the contract’s words and heard live', async () => {
    const address = await listening();
    const live = await openSse(`${address}/api/live?topics=${EXPERIMENTS_TOPIC}&env=${ENV}`, {
      authorization: admin.bearer,
    });
    streams.push(live);
    await live.next((event) => event.event === 'ready');

    const created = await create(draft({ experimentID: 'walk', name: 'Walk' }));
    expect(created).toMatchObject({
      state: 'draft',
      revision: 1,
      createdBy: { displayName: 'Ada' },
      segmentName: null,
    });
    expect(await lastSentence(ACTIONS.create)).toBe('created the experiment “Walk”');
    await live.next((event) => event.event === EXPERIMENTS_TOPIC);

    const edited = await ok(
      send(admin, 'PUT', `${BASE}/walk`, {
        ...draft({ experimentID: 'walk', name: 'Walk on', segmentID: 'levelled' }),
        experimentID: undefined,
        revision: created.revision,
      }),
    );
    expect(edited).toMatchObject({ name: 'Walk on', revision: 2, segmentName: 'Levelled' });
    expect(await lastSentence(ACTIONS.update)).toBe('edited the experiment “Walk on”');
    const stale = await send(admin, 'PUT', `${BASE}/walk`, { ...draft({ experimentID: 'walk' }), revision: 1 });
    expectStatus(stale, 409);
    expect(stale.json().error.message).toBe(SAY.stale);

    const startsAt = new Date(Date.now() + 2 * DAY_MS).toISOString();
    const scheduled = await start(edited, startsAt);
    expect(scheduled).toMatchObject({ state: 'scheduled', startsAt });
    expect(await lastSentence(ACTIONS.start)).toBe(`scheduled the experiment “Walk on” to start at <${startsAt}>`);

    // The calendar shows it, moves it (an edit, logged) and cancels it back to a draft.
    const from = new Date(Date.now() - DAY_MS).toISOString();
    const to = new Date(Date.now() + 20 * DAY_MS).toISOString();
    const calendar = await send(admin, 'GET', `/api/admin/${ENV}/calendar?from=${from}&to=${to}`);
    expectStatus(calendar, 200);
    expect(calendar.json().entries).toContainEqual(
      expect.objectContaining({ kind: 'experiment', entryID: 'walk', startsAt, state: 'scheduled', canMove: true }),
    );
    const movedTo = new Date(Date.now() + 3 * DAY_MS).toISOString();
    expectStatus(
      await send(admin, 'POST', `/api/admin/${ENV}/calendar/experiment/walk/move`, { startsAt: movedTo }),
      200,
    );
    expect((await read('walk')).startsAt).toBe(movedTo);
    expect(await lastSentence(ACTIONS.update)).toBe('edited the experiment “Walk on”');
    expectStatus(await send(admin, 'POST', `/api/admin/${ENV}/calendar/experiment/walk/cancel`), 200);
    const cancelled = await read('walk');
    expect(cancelled.state).toBe('draft');

    const running = await start(
      await ok(
        send(admin, 'PUT', `${BASE}/walk`, {
          ...draft({ experimentID: 'walk', name: 'Walk on', segmentID: 'levelled' }),
          revision: cancelled.revision,
        }),
      ),
    );
    expect(running).toMatchObject({ state: 'running', startedAt: expect.any(String) });
    expect(await lastSentence(ACTIONS.start)).toBe('started the experiment “Walk on”');
    const notEditable = await send(admin, 'PUT', `${BASE}/walk`, {
      ...draft({ experimentID: 'walk' }),
      revision: running.revision,
    });
    expectStatus(notEditable, 409);
    expect(notEditable.json().error.message).toBe(SAY.notEditable);
    const notDeletable = await send(admin, 'DELETE', `${BASE}/walk`);
    expectStatus(notDeletable, 409);
    expect(notDeletable.json().error.message).toBe(SAY.notDeletable);

    const stopped = await stop(running);
    expect(stopped).toMatchObject({ state: 'stopped', endedAt: expect.any(String) });
    expect(await lastSentence(ACTIONS.stop)).toBe('stopped the experiment “Walk on”');

    const versionBefore = (await fetchedValue(null, 'daily_reward_credits')) as number;
    expect(versionBefore).toBe(50);
    const rolled = await ok(
      send(admin, 'POST', `${BASE}/walk/roll-out`, { revision: stopped.revision, variant: 'Generous' }),
    );
    expect(rolled).toMatchObject({ state: 'rolled-out', winner: 'Generous' });
    expect(await lastSentence(ACTIONS.rollOut)).toBe(
      'rolled out the variant “Generous” of the experiment “Walk on” as the value of daily_reward_credits',
    );
    // Remote config published it by its own functions, in its own entries: everyone gets the winner.
    const [publish] = await loggedEntries(db(), REMOTE_CONFIG_ADMIN_ACTIONS.publish);
    expect(publish?.data).toMatchObject({ changed: ['daily_reward_credits'] });
    expect(await fetchedValue(null, 'daily_reward_credits')).toBe(80);
    expect(await fetchedValue(players[30] ?? null, 'daily_reward_credits')).toBe(80);

    expectStatus(await send(admin, 'DELETE', `${BASE}/walk`), 200);
    expect(await lastSentence(ACTIONS.delete)).toBe('deleted the experiment “Walk on”');
    expectStatus(await send(admin, 'GET', `${BASE}/walk`), 404);
  });

  it('lets the admin area read experiments and only live-ops staff change them', async () => {
    const list = await send(moderator, 'GET', BASE);
    expectStatus(list, 200);
    const refused = await send(moderator, 'POST', BASE, draft({ experimentID: 'moderated' }));
    expectStatus(refused, 403);
    expectStatus(await send(players[0] as SignedIn, 'GET', BASE), 403);
  });

  it('refuses what breaks the rules, in words, storing nothing', async () => {
    const before = (await send(admin, 'GET', BASE)).json().experiments.length;
    const refusal = async (input: CreateExperimentInput, message: string) => {
      const response = await send(admin, 'POST', BASE, input);
      expectStatus(response, 400);
      expect(response.json().error.message).toContain(message);
    };
    await refusal(draft({ experimentID: 'x1', parameterKey: 'no_such_key' }), SAY.unknownParameter('no_such_key'));
    await refusal(
      draft({
        experimentID: 'x2',
        variants: [
          { name: 'Control', value: 50, weight: 1 },
          { name: 'Words', value: 'many', weight: 1 },
        ],
      }),
      'Variant "Words": Parameter "daily_reward_credits": its value must be a number.',
    );
    await refusal(
      draft({
        experimentID: 'x3',
        parameterKey: 'event_banner',
        variants: [
          { name: 'Control', value: { title: 'Radio Season', color: '#c4561b' }, weight: 1 },
          { name: 'Loud', value: { title: 'Radio Season', color: 'red' }, weight: 1 },
        ],
      }),
      'Variant "Loud": Parameter "event_banner": its value does not match its schema',
    );
    await refusal(draft({ experimentID: 'x4', segmentID: 'nobody' }), SAY.unknownSegment('nobody'));
    await refusal(draft({ experimentID: 'x5', endsAt: new Date(Date.now() + 91 * DAY_MS).toISOString() }), SAY.window);
    await refusal(
      draft({ experimentID: 'x6', startsAt: new Date(Date.now() - HOUR_MS).toISOString() }),
      SAY.startInPast,
    );
    await refusal(draft({ experimentID: 'x7', variants: [{ name: 'Alone', value: 1, weight: 1 }] }), SAY.variants);
    await refusal(
      draft({
        experimentID: 'x8',
        variants: [
          { name: 'Same', value: 1, weight: 1 },
          { name: 'Same', value: 2, weight: 1 },
        ],
      }),
      SAY.variantNames,
    );
    await refusal(
      draft({
        experimentID: 'x9',
        variants: [
          { name: 'A', value: 1, weight: 0 },
          { name: 'B', value: 2, weight: 1 },
        ],
      }),
      SAY.weights,
    );
    expect((await send(admin, 'GET', BASE)).json().experiments.length).toBe(before);
    await create(draft({ experimentID: 'taken' }));
    const taken = await send(admin, 'POST', BASE, draft({ experimentID: 'taken' }));
    expectStatus(taken, 409);
    expect(taken.json().error.message).toBe(SAY.idTaken);
    expectStatus(await send(admin, 'DELETE', `${BASE}/taken`), 200);
  });

  it('lets one of two starts on one parameter at once win, and refuses the other in words', async () => {
    const first = await create(draft({ experimentID: 'race-a', parameterKey: 'welcome_message', variants: words() }));
    const second = await create(draft({ experimentID: 'race-b', parameterKey: 'welcome_message', variants: words() }));
    const answers = await Promise.all(
      [first, second].map((experiment) =>
        send(admin, 'POST', `${BASE}/${experiment.experimentID}/start`, { revision: experiment.revision }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const loser = answers.find((answer) => answer.statusCode === 409);
    expect(loser?.json().error.message).toBe(SAY.parameterBusy('welcome_message'));
    const states = await Promise.all([read('race-a'), read('race-b')]);
    expect(states.map((experiment) => experiment.state).sort()).toEqual(['draft', 'running']);
    // The winner stopped, the other starts.
    const winner = states.find((experiment) => experiment.state === 'running') as Experiment;
    const other = states.find((experiment) => experiment.state === 'draft') as Experiment;
    await stop(winner);
    expect((await start(other)).state).toBe('running');
    await stop(await read(other.experimentID));
  });

  function words() {
    return [
      { name: 'Plain', value: 'Welcome back.', weight: 1 },
      { name: 'Warm', value: 'Good to see you again, scout.', weight: 1 },
    ];
  }

  it('answers each signed-in player their variant on the fetch and the callable, with its tag, exposing them once', async () => {
    const experiment = await start(
      await create(
        draft({
          experimentID: 'market',
          parameterKey: 'night_market_enabled',
          variants: [
            { name: 'Closed', value: false, weight: 1 },
            { name: 'Open', value: true, weight: 3 },
          ],
        }),
      ),
    );
    const expected = (player: SignedIn) =>
      experiment.variants[assignVariant('market', experiment.variants, player.userId)] ?? { name: '', value: null };
    const crowd = players.slice(0, 40);
    const address = await listening();
    const live = await openSse(
      `${address}/api/live?topics=${EXPERIMENTS_TOPIC},${EXPERIMENT_EXPOSURES_TOPIC}&env=${ENV}`,
      {
        authorization: admin.bearer,
      },
    );
    streams.push(live);
    await live.next((event) => event.event === 'ready');
    // Forty players at once, twice each: one exposure each, the variant's value for each.
    const answers = await Promise.all([...crowd, ...crowd].map((player) => fetchValues(player)));
    for (const [index, answer] of answers.entries()) {
      const player = crowd[index % crowd.length] as SignedIn;
      expectStatus(answer, 200);
      expect((answer.json() as RemoteConfigValues).values.night_market_enabled).toBe(expected(player).value);
    }
    await exposedCount('market', 40);
    // Exposures are heard on their own topic, never on the experiments' (which the calendar follows).
    // Changes committed before the stream opened (an earlier test's) may still come, before the
    // exposures: the feed reads in commit order, so only what follows the first exposure counts.
    await live.next((event) => event.event === EXPERIMENT_EXPOSURES_TOPIC);
    const firstExposure = live.events.findIndex((event) => event.event === EXPERIMENT_EXPOSURES_TOPIC);
    const heardAsExperiments = live.events.slice(firstExposure).filter((event) => event.event === EXPERIMENTS_TOPIC);
    expect(
      heardAsExperiments.map((event) => (event.data as { key: string }).key).filter((key) => key !== 'market'),
    ).toEqual([]);
    expect(LIVE_TOPICS[EXPERIMENT_EXPOSURES_TOPIC].backOfficeKeys(ENV)).toEqual([
      EXPERIMENTS_QUERY_KEYS.exposuresHeard(ENV),
    ]);
    const rows = await exposures('market');
    for (const row of rows) {
      const player = crowd.find((one) => one.userId === row.user_id) as SignedIn;
      expect(row.variant).toBe(expected(player).name);
    }
    const opened = rows.filter((row) => row.variant === 'Open').length;
    expect(opened).toBeGreaterThan(20);

    // The tag names the variant: a player's tag revalidates (304), and differs from a signed-out caller's.
    const player = crowd[0] as SignedIn;
    const first = await fetchValues(player);
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^"rc-\d+-[0-9a-f]*-x[0-9a-f]{12}"$/);
    expect((await fetchValues(player, { 'if-none-match': tag })).statusCode).toBe(304);
    const signedOut = await fetchValues(null);
    expect(signedOut.headers.etag).not.toBe(tag);
    expect((signedOut.json() as RemoteConfigValues).values.night_market_enabled).toBe(false);

    // The callable answers the same.
    const callable = await t.app.inject({
      method: 'POST',
      url: `/api/callable/${REMOTE_CONFIG_CALLABLE}`,
      headers: { authorization: player.bearer },
      payload: { data: { platform: 'android', appVersion: '2.20' } },
    });
    expectStatus(callable, 200);
    expect(callable.json().data.values.night_market_enabled).toBe(expected(player).value);

    // A second instance on the same stores puts every player in the same variant.
    const stores = await t.reopen();
    const second = await buildUnreadyTestApp({ ...t, stores });
    await second.ready();
    try {
      for (const one of crowd.slice(0, 10)) {
        const answer = await fetchValues(one, {}, second);
        expect((answer.json() as RemoteConfigValues).values.night_market_enabled).toBe(expected(one).value);
      }
    } finally {
      await second.close();
      await stores.close();
    }
    await exposedCount('market', 40);

    // Stopped: everyone gets remote config's value again, under a new tag.
    await stop(await read('market'));
    const after = await fetchValues(player, { 'if-none-match': tag });
    expectStatus(after, 200);
    expect((after.json() as RemoteConfigValues).values.night_market_enabled).toBe(false);
    expect(after.headers.etag).not.toMatch(/-x/);
    await fetchValues(players[50] as SignedIn);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await exposures('market')).toHaveLength(40);
  });

  it('puts only the segment’s players in a segment’s experiment; the others get remote config’s value', async () => {
    await start(
      await create(
        draft({
          experimentID: 'levelled-words',
          parameterKey: 'welcome_message',
          segmentID: 'levelled',
          variants: [
            { name: 'Short', value: 'Hi.', weight: 1 },
            { name: 'Shorter', value: 'Yo.', weight: 1 },
          ],
        }),
      ),
    );
    const inside = players.slice(0, 5);
    const outside = players.slice(40, 45);
    for (const player of inside) expect(['Hi.', 'Yo.']).toContain(await fetchedValue(player, 'welcome_message'));
    for (const player of outside)
      expect(await fetchedValue(player, 'welcome_message')).toBe('Welcome back to the Outpost.');
    await exposedCount('levelled-words', 5);
    expect((await exposures('levelled-words')).map((row) => row.user_id).sort()).toEqual(
      inside.map((player) => player.userId).sort(),
    );
    await stop(await read('levelled-words'));
  });

  it('reports per variant the players exposed, the metric with its interval and whether it differs', async () => {
    const experiment = await start(
      await create(
        draft({
          experimentID: 'spend',
          parameterKey: 'daily_reward_credits',
          metric: 'creditsSpentPerPlayer',
          variants: [
            { name: 'Control', value: 80, weight: 1 },
            { name: 'Generous', value: 120, weight: 1 },
          ],
        }),
      ),
    );
    const crowd = players.slice(0, 30);
    await Promise.all(crowd.map((player) => fetchValues(player)));
    await exposedCount('spend', 30);
    const variantOf = (player: SignedIn) => assignVariant('spend', experiment.variants, player.userId);
    // Spending written by the ledger's own functions after exposure: the Generous players spend more.
    const spent = new Map<string, number>();
    for (const [index, player] of crowd.entries()) {
      const amount = variantOf(player) === 1 ? 40 + (index % 5) * 4 : 10 + (index % 4) * 3;
      await credit(db(), { userId: player.userId, amount: 500, reason: 'reward', reference: `spend-credit-${index}` });
      await spend(db(), { userId: player.userId, amount, reason: 'spin', reference: `spend-spin-${index}` });
      spent.set(player.userId, amount);
    }
    const response = await send(moderator, 'GET', `${BASE}/spend/results`);
    expectStatus(response, 200);
    const results = response.json() as ExperimentResults;
    const byVariant = [0, 1].map((variant) =>
      crowd.filter((player) => variantOf(player) === variant).map((player) => spent.get(player.userId) ?? 0),
    );
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    expect(results.variants.map((variant) => variant.exposed)).toEqual(byVariant.map((values) => values.length));
    expect(results.variants[0]?.mean).toBeCloseTo(mean(byVariant[0] ?? []), 9);
    expect(results.variants[1]?.mean).toBeCloseTo(mean(byVariant[1] ?? []), 9);
    expect(results.variants[0]).toMatchObject({ difference: null, pValue: null, significant: null });
    const welch = welchTest(byVariant[0] ?? [], byVariant[1] ?? []);
    expect(results.variants[1]?.difference).toBeCloseTo(welch?.difference ?? Number.NaN, 9);
    expect(results.variants[1]?.pValue).toBeCloseTo(welch?.pValue ?? Number.NaN, 9);
    expect(results.variants[1]?.significant).toBe(true);
    const low = results.variants[0]?.low ?? Number.NaN;
    expect(low).toBeLessThan(results.variants[0]?.mean ?? 0);

    // Day-1 return: players exposed three days ago, seen a day and a half after by the game's own writer.
    await stop(await read('spend'));
    await db().updateTable('experiments').set({ metric: 'day1Return' }).where('experiment_id', '=', 'spend').execute();
    const exposedAt = Date.now() - 3 * DAY_MS;
    await db()
      .updateTable('experiment_exposures')
      .set({ exposed_at: new Date(exposedAt).toISOString() })
      .where('experiment_id', '=', 'spend')
      .execute();
    const returning = crowd.filter((_, index) => index % 3 === 0);
    await writeEvents(
      'presence',
      returning.map((player, index) => ({
        id: `presence-${index}`,
        type: 'presence',
        userID: player.userId,
        at: new Date(exposedAt + 36 * HOUR_MS).toISOString(),
      })),
    );
    const returns = (await send(admin, 'GET', `${BASE}/spend/results`)).json() as ExperimentResults;
    expect(returns.metric).toBe('day1Return');
    for (const variant of [0, 1]) {
      const ofVariant = crowd.filter((player) => variantOf(player) === variant);
      const share = ofVariant.filter((player) => returning.includes(player)).length / ofVariant.length;
      expect(returns.variants[variant]?.mean).toBeCloseTo(share, 9);
      expect(returns.variants[variant]?.low).toBeGreaterThanOrEqual(0);
      expect(returns.variants[variant]?.high).toBeLessThanOrEqual(1);
    }
    // The z-test's verdict, or none with too few of an outcome on a side (statistics.ts).
    const returned = [0, 1].map((variant) =>
      crowd.filter((player) => variantOf(player) === variant).map((player) => (returning.includes(player) ? 1 : 0)),
    );
    const z = twoProportionTest(returned[0] ?? [], returned[1] ?? []);
    expect(returns.variants[1]?.pValue ?? null).toEqual(z === null ? null : expect.closeTo(z.pValue, 9));
    expect(returns.variants[1]?.significant ?? null).toBe(z?.significant ?? null);
  });

  it('rolls out past remote config’s unpublished draft, publishing only the winner and keeping the draft’s work', async () => {
    const running = await start(
      await create(draft({ experimentID: 'busy-draft', parameterKey: 'welcome_message', variants: words() })),
    );
    const remoteConfig = `/api/admin/${ENV}/remote-config`;
    const state = (await send(admin, 'GET', remoteConfig)).json() as RemoteConfigState;
    const template = {
      ...state.draft,
      parameters: state.draft.parameters.map((parameter) =>
        parameter.key === 'night_market_enabled' ? { ...parameter, defaultValue: true } : parameter,
      ),
    };
    expectStatus(await send(admin, 'PUT', `${remoteConfig}/draft`, { template, revision: state.draftRevision }), 200);
    const unknown = await send(admin, 'POST', `${BASE}/busy-draft/roll-out`, {
      revision: running.revision,
      variant: 'Nope',
    });
    expectStatus(unknown, 400);
    expect(unknown.json().error.message).toBe(SAY.unknownVariant);
    const rolled = await ok(
      send(admin, 'POST', `${BASE}/busy-draft/roll-out`, { revision: running.revision, variant: 'Warm' }),
    );
    expect(rolled).toMatchObject({ state: 'rolled-out', winner: 'Warm' });
    // Players get the winner, not the draft's work, which waits in the draft with the winner too.
    expect(await fetchedValue(null, 'welcome_message')).toBe('Good to see you again, scout.');
    expect(await fetchedValue(null, 'night_market_enabled')).toBe(false);
    const after = (await send(admin, 'GET', remoteConfig)).json() as RemoteConfigState;
    const drafted = (key: string) => after.draft.parameters.find((parameter) => parameter.key === key)?.defaultValue;
    expect(drafted('night_market_enabled')).toBe(true);
    expect(drafted('welcome_message')).toBe('Good to see you again, scout.');
    expect(after.unpublished.parameters.changed).toContain('night_market_enabled');
    expect(after.unpublished.parameters.changed).not.toContain('welcome_message');
    const stale = await send(admin, 'POST', `${BASE}/busy-draft/roll-out`, {
      revision: rolled.revision,
      variant: 'Plain',
    });
    expectStatus(stale, 409);
    expect(stale.json().error.message).toBe(SAY.cannotRollOut);
  });

  it('starts a scheduled experiment at its start and stops it at its end by the job, which every instance hears', async () => {
    // The clock is moved to the start and past the end instead of waited for: the routes, the job and
    // the fetch all read the time from Date, which goes on ticking from where it is set.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const experiment = await create(
      draft({
        experimentID: 'timed',
        parameterKey: 'night_market_enabled',
        variants: [
          { name: 'Closed', value: false, weight: 1 },
          { name: 'Open', value: true, weight: 1 },
        ],
      }),
    );
    const startsAt = new Date(Date.now() + 2_000).toISOString();
    const scheduled = await start(experiment, startsAt);
    await ok(
      send(admin, 'PUT', `${BASE}/timed`, {
        ...draft({ experimentID: 'timed', parameterKey: 'night_market_enabled', variants: experiment.variants }),
        startsAt,
        endsAt: new Date(Date.parse(startsAt) + 2_500).toISOString(),
        revision: scheduled.revision,
      }),
    );
    const player = players.find((one) => assignVariant('timed', experiment.variants, one.userId) === 1) as SignedIn;
    expect(await fetchedValue(player, 'night_market_enabled')).toBe(false);
    // The job's run on its own service (as another instance's would be): this app hears it on the change feed.
    const sweepOf = () =>
      experimentsJobs({
        game: t.stores.game,
        experiments: createExperiments({ stores: t.stores, feeds: new Map(), log: t.app.log }),
      }).find((job) => job.name === EXPERIMENTS_SWEEP_JOB);
    const sweep = sweepOf();
    const onTime = async (action: string) =>
      (await loggedEntries(db(), action)).filter((entry) => entry.data.experimentID === 'timed' && entry.data.onTime);
    vi.setSystemTime(Date.parse(startsAt) + 50);
    // Two instances' sweeps at once: one starts it, and it is logged once, as by nobody's account.
    await Promise.all([sweep?.run(null, NO_RUN_CONTEXT), sweepOf()?.run(null, NO_RUN_CONTEXT)]);
    expect((await read('timed')).state).toBe('running');
    const started = await onTime(ACTIONS.start);
    expect(started.map((entry) => entry.admin)).toEqual([OPERATOR]);
    expect(sentence(ACTIONS.start, started[0]?.data ?? {})).toBe(
      'started the experiment “Experiment timed” at its scheduled start',
    );
    await expect.poll(() => fetchedValue(player, 'night_market_enabled'), { timeout: 5_000 }).toBe(true);
    await exposedCount('timed', 1);
    vi.setSystemTime(Date.parse(startsAt) + 2_600);
    // Past its end the fetch answers remote config's value at once, before the job marks it stopped.
    expect(await fetchedValue(player, 'night_market_enabled')).toBe(false);
    await sweep?.run(null, NO_RUN_CONTEXT);
    expect((await read('timed')).state).toBe('stopped');
    const stopped = await onTime(ACTIONS.stop);
    expect(stopped.map((entry) => sentence(ACTIONS.stop, entry.data))).toEqual([
      'stopped the experiment “Experiment timed” at its planned end',
    ]);
  });

  it('keeps a segment an experiment not yet over draws from', async () => {
    await create(draft({ experimentID: 'holds-segment', segmentID: 'levelled' }));
    const refused = await send(admin, 'DELETE', `/api/admin/${ENV}/segments/levelled`);
    expectStatus(refused, 409);
    expect(refused.json().error.message).toContain('the experiment “Experiment holds-segment”');
    expectStatus(await send(admin, 'DELETE', `${BASE}/holds-segment`), 200);
  });

  it('gives a player their exposures in their data, and erases them with the account', async () => {
    const player = players[0] as SignedIn;
    const exported = await t.app.inject({
      method: 'POST',
      url: '/api/account/data-export',
      headers: { cookie: player.cookie, origin: ORIGIN },
    });
    expectStatus(exported, 200);
    const development = exported.json().environments.development as { experiments: { experimentID: string }[] };
    expect(development.experiments.map((row) => row.experimentID)).toEqual(
      expect.arrayContaining(['market', 'levelled-words', 'spend']),
    );
    await db()
      .transaction()
      .execute((trx) =>
        experimentsPersonalData.erase(trx, {
          userId: player.userId,
          email: player.email,
          displayName: null,
          writtenBefore: new Date().toISOString(),
          anonymousId: 'deleted-someone',
        }),
      );
    const left = await db()
      .selectFrom('experiment_exposures')
      .select('experiment_id')
      .where('user_id', '=', player.userId)
      .execute();
    expect(left).toEqual([]);
  });

  const remoteConfig = `/api/admin/${ENV}/remote-config`;
  const remoteConfigState = async () => (await send(admin, 'GET', remoteConfig)).json() as RemoteConfigState;
  /** Unpublished work in remote config's draft: the night market opened. */
  async function draftWithWork(): Promise<RemoteConfigState> {
    const state = await remoteConfigState();
    const template = {
      ...state.draft,
      parameters: state.draft.parameters.map((parameter) =>
        parameter.key === 'night_market_enabled' ? { ...parameter, defaultValue: true } : parameter,
      ),
    };
    expectStatus(await send(admin, 'PUT', `${remoteConfig}/draft`, { template, revision: state.draftRevision }), 200);
    return remoteConfigState();
  }
  const latestVersion = async () =>
    (
      await db()
        .selectFrom('remote_config_versions')
        .select('version')
        .orderBy('version', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow()
    ).version;
  const credits = (name: string, value: number) => ({ name, value, weight: 1 });

  it('lets one of two roll-outs of different variants at once win: the live value is the recorded winner’s, the draft’s work kept', async () => {
    const running = await start(
      await create(draft({ experimentID: 'roll-race', variants: [credits('Low', 33), credits('High', 44)] })),
    );
    await draftWithWork();
    const version = await latestVersion();
    const answers = await Promise.all(
      ['Low', 'High'].map((variant) =>
        send(admin, 'POST', `${BASE}/roll-race/roll-out`, { revision: running.revision, variant }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const rolled = await read('roll-race');
    expect(rolled.state).toBe('rolled-out');
    const value = running.variants.find((variant) => variant.name === rolled.winner)?.value;
    expect(value).toBeDefined();
    expect(await fetchedValue(null, 'daily_reward_credits')).toBe(value);
    // One version published: the winner's.
    expect(await latestVersion()).toBe(version + 1);
    const after = await remoteConfigState();
    const drafted = (key: string) => after.draft.parameters.find((parameter) => parameter.key === key)?.defaultValue;
    expect(drafted('night_market_enabled')).toBe(true);
    expect(drafted('daily_reward_credits')).toBe(value);
    expect(after.unpublished.parameters.changed).toContain('night_market_enabled');
    expect(after.unpublished.parameters.changed).not.toContain('daily_reward_credits');
    // One roll-out logged, the winner's.
    expect(
      (await loggedEntries(db(), ACTIONS.rollOut)).filter((entry) => entry.data.experimentID === 'roll-race'),
    ).toEqual([expect.objectContaining({ data: expect.objectContaining({ variant: rolled.winner }) })]);
  });

  /** daily_reward_credits as the demo data has it: a number. */
  const SEEDED_CREDITS: RemoteConfigParameter = {
    key: 'daily_reward_credits',
    type: 'number',
    description: 'Credits for the first sign-in of a day.',
    defaultValue: 50,
    conditionalValues: [],
  };
  /** Saves remote config's draft with daily_reward_credits `change`d from the seed's (null: removed). */
  async function draftCredits(change: (parameter: RemoteConfigParameter) => RemoteConfigParameter | null) {
    const state = await remoteConfigState();
    const changed = change(SEEDED_CREDITS);
    const parameters = [
      ...state.draft.parameters.filter((parameter) => parameter.key !== 'daily_reward_credits'),
      ...(changed ? [changed] : []),
    ];
    const template = { ...state.draft, parameters };
    expectStatus(await send(admin, 'PUT', `${remoteConfig}/draft`, { template, revision: state.draftRevision }), 200);
    return (await remoteConfigState()).draftRevision;
  }
  const retyped = (parameter: RemoteConfigParameter): RemoteConfigParameter => ({
    ...parameter,
    type: 'string',
    defaultValue: 'ten',
    conditionalValues: [],
  });
  const publish = async (description: string, extra: { publishAt?: string } = {}) =>
    send(admin, 'POST', `${remoteConfig}/publish`, {
      description,
      revision: (await remoteConfigState()).draftRevision,
      ...extra,
    });

  it('refuses a publish, a schedule or a rollback that would break a running experiment’s variants, in words, publishing nothing', async () => {
    const before = await latestVersion();
    const running = await start(
      await create(draft({ experimentID: 'typed', variants: [credits('Few', 10), credits('Many', 90)] })),
    );
    const publishes = async () => (await loggedEntries(db(), REMOTE_CONFIG_ADMIN_ACTIONS.publish)).length;
    const logged = await publishes();
    const wrongType = SAY.variantBroken('Experiment typed', 'Few', '').split(' ()')[0];

    await draftCredits(retyped);
    const refused = await publish('Credits as words');
    expectStatus(refused, 409);
    expect(refused.json().error.message).toContain(wrongType);
    expect(refused.json().error.message).toContain('its value must be a string');
    const scheduled = await publish('Credits as words later', {
      publishAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expectStatus(scheduled, 409);
    expect((await remoteConfigState()).scheduled.filter((one) => one.description === 'Credits as words later')).toEqual(
      [],
    );

    await draftCredits(() => null);
    const removed = await publish('No daily credits');
    expectStatus(removed, 409);
    expect(removed.json().error.message).toBe(SAY.parameterTested('Experiment typed', 'daily_reward_credits'));

    // Nothing went live, nor was logged; the experiment's players still get their variant's number.
    expect(await latestVersion()).toBe(before);
    expect(await publishes()).toBe(logged);
    const player = players.find((one) => assignVariant('typed', running.variants, one.userId) === 1) as SignedIn;
    expect(await fetchedValue(player, 'daily_reward_credits')).toBe(90);

    // A change that keeps the type goes live; so does the retype, and its rollback, once the experiment stopped.
    await draftCredits((parameter) => ({ ...parameter, defaultValue: 55 }));
    expectStatus(await publish('More daily credits'), 200);
    await stop(await read('typed'));
    await draftCredits(retyped);
    expectStatus(await publish('Credits as words'), 200);
    const words = await latestVersion();

    // Back to numbers by a rollback; a rollback to the words while an experiment tests numbers is refused.
    expectStatus(await send(admin, 'POST', `${remoteConfig}/versions/${words - 1}/rollback`), 200);
    await start(
      await create(draft({ experimentID: 'typed-words', variants: [credits('Few', 11), credits('Many', 91)] })),
    );
    const toWords = await send(admin, 'POST', `${remoteConfig}/versions/${words}/rollback`);
    expectStatus(toWords, 409);
    expect(toWords.json().error.message).toContain('The experiment “Experiment typed-words” tests this parameter');
    await stop(await read('typed-words'));
  });

  it('lets either a start or a publish that breaks its variants through when both come at once, never both', async () => {
    const experiment = await create(
      draft({ experimentID: 'typed-race', variants: [credits('Few', 12), credits('Many', 92)] }),
    );
    const revision = await draftCredits(retyped);
    const [started, published] = await Promise.all([
      send(admin, 'POST', `${BASE}/typed-race/start`, { revision: experiment.revision }),
      send(admin, 'POST', `${remoteConfig}/publish`, { description: 'Credits as words', revision }),
    ]);
    const liveType = typeof (await fetchedValue(null, 'daily_reward_credits'));
    if (started.statusCode === 200) {
      expectStatus(published, 409);
      expect(liveType).toBe('number');
      expect((await read('typed-race')).state).toBe('running');
      await stop(await read('typed-race'));
    } else {
      expectStatus(started, 400);
      expectStatus(published, 200);
      expect(liveType).toBe('string');
      expect((await read('typed-race')).state).toBe('draft');
      // Numbers again for the tests after this one.
      await draftCredits((parameter) => parameter);
      expectStatus(await publish('Credits as numbers'), 200);
    }
  });

  it.runIf(dialect === 'postgres')(
    'leaves the draft, its work and the experiment as they were when the roll-out’s publish is refused',
    async () => {
      const running = await start(
        await create(draft({ experimentID: 'roll-refused', variants: [credits('Low', 35), credits('High', 45)] })),
      );
      const before = await draftWithWork();
      let answer: Promise<LightMyRequestResponse> | undefined;
      await db()
        .transaction()
        .execute(async (trx) => {
          // Another publish takes the next version's number and has not committed: the roll-out's
          // insert of that number waits on it, and is refused once it commits.
          const current = await trx
            .selectFrom('remote_config_versions')
            .selectAll()
            .orderBy('version', 'desc')
            .limit(1)
            .executeTakeFirstOrThrow();
          await trx
            .insertInto('remote_config_versions')
            .values({ ...current, version: current.version + 1, description: 'Published meanwhile' })
            .execute();
          answer = send(admin, 'POST', `${BASE}/roll-refused/roll-out`, {
            revision: running.revision,
            variant: 'High',
          });
          await expect
            .poll(
              async () =>
                (
                  await sql<{ waiting: number }>`select count(*)::int as waiting from pg_stat_activity
                    where wait_event_type = 'Lock' and datname = current_database()`.execute(db())
                ).rows[0]?.waiting,
              { timeout: 10_000 },
            )
            .toBeGreaterThan(0);
        });
      const refused = await (answer as Promise<LightMyRequestResponse>);
      expectStatus(refused, 409);
      const after = await remoteConfigState();
      expect(after.draftRevision).toBe(before.draftRevision);
      expect(after.draft).toEqual(before.draft);
      const experiment = await read('roll-refused');
      expect(experiment).toMatchObject({ state: 'running', revision: running.revision, winner: null });
      await stop(experiment);
    },
  );

  it('counts the metric from exposure to the experiment’s end, and a return on day 1 or 7 by whole hours', async () => {
    const crowd = players.slice(30, 50);
    const experiment = await start(await create(draft({ experimentID: 'bounded' })));
    await Promise.all(crowd.map((player) => fetchValues(player)));
    await exposedCount('bounded', crowd.length);
    for (const [index, player] of crowd.entries()) {
      await credit(db(), {
        userId: player.userId,
        amount: 500,
        reason: 'reward',
        reference: `bounded-credit-${index}`,
      });
      await spend(db(), {
        userId: player.userId,
        amount: 10 + index,
        reason: 'spin',
        reference: `bounded-in-${index}`,
      });
    }
    await stop(await read('bounded'));
    // Spent after the stop: not the experiment's effect.
    for (const [index, player] of crowd.entries()) {
      await spend(db(), { userId: player.userId, amount: 100, reason: 'spin', reference: `bounded-after-${index}` });
    }
    const variantOf = (player: SignedIn) => assignVariant('bounded', experiment.variants, player.userId);
    const ofVariant = (variant: number) => crowd.filter((player) => variantOf(player) === variant);
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    const spent = (await send(admin, 'GET', `${BASE}/bounded/results`)).json() as ExperimentResults;
    for (const variant of [0, 1]) {
      const amounts = ofVariant(variant).map((player) => 10 + crowd.indexOf(player));
      expect(spent.variants[variant]?.mean ?? null).toEqual(
        amounts.length === 0 ? null : expect.closeTo(mean(amounts), 9),
      );
    }

    // Exposed ten days ago at half past an hour; the experiment ended now.
    const exposedAt = Math.floor((Date.now() - 10 * DAY_MS) / HOUR_MS) * HOUR_MS + 30 * 60_000;
    await db()
      .updateTable('experiment_exposures')
      .set({ exposed_at: new Date(exposedAt).toISOString() })
      .where('experiment_id', '=', 'bounded')
      .execute();
    const seen = (group: SignedIn[], after: number, label: string) =>
      writeEvents(
        'presence',
        group.map((player, index) => ({
          id: `bounded-${label}-${index}`,
          type: 'presence',
          userID: player.userId,
          at: new Date(exposedAt + after).toISOString(),
        })),
      );
    // 23 h 40 min after: in the hour that holds exposure + 24 h, but less than a day after it.
    const tooSoon = crowd.filter((_, index) => index % 4 === 0);
    const dayOne = crowd.filter((_, index) => index % 4 === 1);
    const daySeven = crowd.filter((_, index) => index % 4 === 2);
    await seen(tooSoon, 23 * HOUR_MS + 40 * 60_000, 'soon');
    await seen(dayOne, 30 * HOUR_MS, 'one');
    await seen(daySeven, 7 * DAY_MS + 2 * HOUR_MS, 'seven');
    const shares = async (metric: 'day1Return' | 'day7Return', returning: SignedIn[]) => {
      await db().updateTable('experiments').set({ metric }).where('experiment_id', '=', 'bounded').execute();
      const results = (await send(admin, 'GET', `${BASE}/bounded/results`)).json() as ExperimentResults;
      expect(results.metric).toBe(metric);
      for (const variant of [0, 1]) {
        const players = ofVariant(variant);
        const share = players.filter((player) => returning.includes(player)).length / players.length;
        expect(results.variants[variant]?.mean ?? null).toEqual(players.length === 0 ? null : expect.closeTo(share, 9));
      }
    };
    await shares('day1Return', dayOne);
    await shares('day7Return', daySeven);
    // Ended before day 7 was over: nobody's day 7 counts.
    await db()
      .updateTable('experiments')
      .set({ ended_at: new Date(exposedAt + 7 * DAY_MS + 12 * HOUR_MS).toISOString() })
      .where('experiment_id', '=', 'bounded')
      .execute();
    const cut = (await send(admin, 'GET', `${BASE}/bounded/results`)).json() as ExperimentResults;
    expect(cut.variants.map((variant) => variant.mean)).toEqual([null, null]);

    // Playtime: half the crowd exposed two hours later; a session before a player's exposure and one
    // after the end do not count, those between do.
    const later = crowd.filter((_, index) => index % 2 === 0);
    await db()
      .updateTable('experiment_exposures')
      .set({ exposed_at: new Date(exposedAt + 2 * HOUR_MS).toISOString() })
      .where('experiment_id', '=', 'bounded')
      .where(
        'user_id',
        'in',
        later.map((player) => player.userId),
      )
      .execute();
    await writeEvents(
      'playtime',
      crowd.flatMap((player, index) =>
        [HOUR_MS, 3 * HOUR_MS, 8 * DAY_MS].map((after) => ({
          id: `bounded-play-${after}-${index}`,
          type: 'playtime',
          userID: player.userId,
          at: new Date(exposedAt + after).toISOString(),
          seconds: 60 * (index + 1),
        })),
      ),
    );
    await db()
      .updateTable('experiments')
      .set({ metric: 'playtimePerPlayer' })
      .where('experiment_id', '=', 'bounded')
      .execute();
    const played = (await send(admin, 'GET', `${BASE}/bounded/results`)).json() as ExperimentResults;
    for (const variant of [0, 1]) {
      const minutes = ofVariant(variant).map((player) => {
        const index = crowd.indexOf(player);
        return (later.includes(player) ? 1 : 2) * (index + 1);
      });
      expect(played.variants[variant]?.mean ?? null).toEqual(
        minutes.length === 0 ? null : expect.closeTo(mean(minutes), 9),
      );
    }
  });

  it('writes no exposure of a player whose account was deleted while it waited in the queue', async () => {
    const experiment = await start(await create(draft({ experimentID: 'erased-queue' })));
    const leaving = await signUp(t.app, { email: 'leaving@example.com' });
    const staying = players[59] as SignedIn;
    // An instance of its own, whose queue waits until flushed.
    const service = createExperiments({ stores: t.stores, feeds: new Map(), log: t.app.log, flushMs: 600_000 });
    const testing = await service.testing(ENV, new Set(['daily_reward_credits']));
    for (const player of [leaving, staying]) {
      expect(testing.expose(player.userId, new Set()).map((one) => one.experimentID)).toEqual(['erased-queue']);
    }
    const deleted = await deleteOwnAccount(t.app, leaving);
    expectStatus(deleted, 200);
    await service.close();
    expect((await exposures('erased-queue')).map((row) => row.user_id)).toEqual([staying.userId]);
    await stop(await read(experiment.experimentID));
  });

  it('answers from the last good read of the running experiments when a read fails, skipping a row that does not parse', async () => {
    const experiment = await start(await create(draft({ experimentID: 'kept-read' })));
    const service = createExperiments({ stores: t.stores, feeds: new Map(), log: t.app.log, flushMs: 600_000 });
    const keys = new Set(['daily_reward_credits']);
    const player = players[58] as SignedIn;
    const variant = experiment.variants[assignVariant('kept-read', experiment.variants, player.userId)];
    const answered = async () => (await service.testing(ENV, keys)).expose(player.userId, new Set());
    expect((await answered()).map((one) => one.value)).toEqual([variant?.value]);
    // A row that does not parse: skipped, the others answered.
    await db()
      .insertInto('experiments')
      .values({
        experiment_id: 'broken-row',
        name: 'Broken',
        description: '',
        parameter_key: 'event_banner',
        segment_id: null,
        variants: '{not json',
        metric: 'creditsSpentPerPlayer',
        state: 'running',
        starts_at: null,
        ends_at: null,
        started_at: new Date().toISOString(),
        ended_at: null,
        winner: null,
        revision: 1,
        created_at: new Date().toISOString(),
        created_by: admin.userId,
      })
      .execute();
    service.changed(ENV);
    expect((await answered()).map((one) => one.value)).toEqual([variant?.value]);
    await db().deleteFrom('experiments').where('experiment_id', '=', 'broken-row').execute();
    // The store fails the read: the last good read answers.
    await sql`alter table experiments rename to experiments_away`.execute(db());
    try {
      service.changed(ENV);
      expect((await answered()).map((one) => one.value)).toEqual([variant?.value]);
    } finally {
      await sql`alter table experiments_away rename to experiments`.execute(db());
    }
    await service.close();
    await stop(await read('kept-read'));
  });
});
