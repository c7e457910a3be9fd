import { adminLogAction } from '@outpost/contracts/admin-log-actions';
import { LEDGER_REASONS, type LedgerReason } from '@outpost/contracts/economy';
import { PUSH_PLATFORMS, type PushPlatform } from '@outpost/contracts/push';
import { SEGMENTS_ADMIN_ACTIONS as ACTIONS, SEGMENTS_TOPIC } from '@outpost/contracts/segments/contract';
import {
  isSegmentGroup,
  SEGMENTS_MESSAGES as SAY,
  SEGMENT_FLAG_ATTRIBUTES,
  SEGMENT_IS_OPS,
  SEGMENT_MATCHES,
  SEGMENT_NUMBER_ATTRIBUTES,
  SEGMENT_NUMBER_OPS,
  SEGMENT_RULES_MAX,
  type Segment,
  type SegmentDefinition,
  type SegmentGroup,
  type SegmentMatch,
  type SegmentMembersPage,
  type SegmentNumberAttribute,
  type SegmentRule,
  type SegmentSize,
} from '@outpost/contracts/segments/schemas';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedEntries } from '../backoffice/testing';
import type { AppStores } from '../database';
import { DOMAINS } from '../domains';
import { setProfileKeys } from '../identity/queries';
import { clonePlayers, type SignedIn, signUpWithProfile } from '../identity/testing';
import { tokenKey } from '../push/token-key';
import { openSse, type SseEvent, type SseStream } from '../testing/sse-client';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { readPlayerAttributes } from './attributes';

/*
 * Segments through their routes on each store: changes logged and heard live, refusals in words
 * with nothing stored, saves made at once, who may do what, and sizes and members checked against
 * a reference evaluation of players written into the very tables each domain's source reads.
 */

const ENV = 'development';
const BASE = `/api/admin/${ENV}/segments`;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A request as `who`, by their bearer token. */
function caller(app: () => FastifyInstance) {
  return (who: SignedIn, method: Method, url: string, payload?: object) =>
    app().inject({ method, url, headers: { authorization: who.bearer }, ...(payload ? { payload } : {}) });
}

function expectStatus(response: LightMyRequestResponse, status: number): void {
  expect(response.statusCode, response.body).toBe(status);
}

/** What a test knows of a player and writes into the tables the sources read; absent means none. */
interface PlayerFacts {
  ageDays: number;
  lastSeenDays: number | null;
  /** Whole minutes of each session. */
  sessions: number[];
  level: number | null;
  creditsHeld: number | null;
  ledger: { reason: LedgerReason; amount: number }[];
  webOrders: { status: 'completed' | 'created' | 'declined' | 'pending'; payment: 'paypal' | 'stripe' }[];
  storePurchases: (null | 'refund' | 'revoke')[];
  subscription: SubscriptionKind | null;
  devices: PushPlatform[];
  beta: null | 1 | 2;
  inviteClaims: number;
  partner: boolean;
}

/** Subscription rows as the state machine leaves them; the first three give premium now. */
const SUBSCRIPTION_KINDS = [
  'active',
  'cancelled-in-period',
  'grace',
  'active-lapsed',
  'billing-retry',
  'expired',
  'refunded',
] as const;
type SubscriptionKind = (typeof SUBSCRIPTION_KINDS)[number];
const PREMIUM_KINDS: ReadonlySet<SubscriptionKind> = new Set(['active', 'cancelled-in-period', 'grace']);

const BLANK: PlayerFacts = {
  ageDays: 0,
  lastSeenDays: null,
  sessions: [],
  level: null,
  creditsHeld: null,
  ledger: [],
  webOrders: [],
  storePurchases: [],
  subscription: null,
  devices: [],
  beta: null,
  inviteClaims: 0,
  partner: false,
};

const INVITES = ['segments-invite-a', 'segments-invite-b'] as const;

interface Player {
  userId: string;
  /** When the account was made, as written. */
  createdMs: number;
  facts: PlayerFacts;
}

/**
 * Players as the domains would hold them: accounts copied from one real sign-up (their creation
 * moved `ageDays` back), each with a profile, and each fact in its domain's own table.
 */
async function writePlayers(
  stores: AppStores,
  template: SignedIn,
  prefix: string,
  facts: readonly PlayerFacts[],
  now: number,
): Promise<Player[]> {
  const { identity } = stores;
  const game = stores.game[ENV];
  const accounts = await clonePlayers(identity, template.userId, prefix, facts.length);
  const shape = await identity
    .selectFrom('auth_users')
    .select('created_at')
    .where('id', '=', template.userId)
    .executeTakeFirstOrThrow();
  const players = accounts.map((account, index) => {
    const player = facts[index] ?? BLANK;
    // An hour, and a second per player, off whole days: no count of days sits on its edge, no two accounts tie.
    const createdMs = now - player.ageDays * DAY_MS - HOUR_MS - index * 1000;
    return { userId: account.userId, createdMs, facts: player };
  });
  const iso = (ms: number) => new Date(ms).toISOString();
  for (const player of players) {
    const created = iso(player.createdMs);
    await identity
      .updateTable('auth_users')
      .set({ created_at: typeof shape.created_at === 'string' ? created : new Date(created) })
      .where('id', '=', player.userId)
      .execute();
  }
  await identity
    .insertInto('profiles')
    .values(
      players.map((player, index) => ({
        user_id: player.userId,
        display_name: `${prefix}-player-${index}`,
        display_name_key: `${prefix}-player-${index}`,
        keys: JSON.stringify(player.facts.partner ? ['partner'] : index % 3 === 0 ? ['tester'] : []),
        created: iso(player.createdMs),
      })),
    )
    .execute();

  const at = iso(now - HOUR_MS);
  const rows = <Row>(make: (player: Player, index: number) => Row[]) => players.flatMap(make);
  const insert = async <Row>(values: Row[], write: (values: Row[]) => Promise<unknown>) => {
    if (values.length > 0) await write(values);
  };
  await insert(
    rows(({ userId, facts: { lastSeenDays } }) =>
      lastSeenDays === null ? [] : [{ user_id: userId, last_seen: iso(now - lastSeenDays * DAY_MS - HOUR_MS) }],
    ),
    (values) => game.insertInto('user_presence').values(values).execute(),
  );
  await insert(
    rows(({ userId, facts }) =>
      facts.sessions.map((minutes, index) => ({
        event_id: `${userId}-session-${index}`,
        user_id: userId,
        seconds: minutes * 60,
        played_at: at,
      })),
    ),
    (values) => game.insertInto('user_playtime').values(values).execute(),
  );
  await insert(
    rows(({ userId, facts: { level } }) => (level === null ? [] : [{ user_id: userId, level, reached_at: at }])),
    (values) => game.insertInto('levels').values(values).execute(),
  );
  await insert(
    rows(({ userId, facts: { creditsHeld } }) =>
      creditsHeld === null ? [] : [{ user_id: userId, balance: creditsHeld }],
    ),
    (values) => game.insertInto('credit_balances').values(values).execute(),
  );
  await insert(
    rows(({ userId, facts }) =>
      facts.ledger.map(({ reason, amount }, index) => ({
        user_id: userId,
        amount,
        reason,
        reference: `${userId}-ledger-${index}`,
        balance_after: 0,
        created_at: at,
      })),
    ),
    (values) => game.insertInto('credit_ledger').values(values).execute(),
  );
  await insert(
    rows(({ userId, facts }) =>
      facts.webOrders.map(({ status, payment }, index) => ({
        order_id: `${userId}-order-${index}`,
        user_id: userId,
        kind: 'credit-pack',
        payment,
        pack_id: 'starter',
        machine_id: null,
        amount_cents: 499,
        credits: 500,
        currency: 'usd',
        paypal_order_id: null,
        stripe_session_id: null,
        stripe_payment_intent: null,
        status,
        created_at: at,
        settled_at: status === 'completed' ? at : null,
      })),
    ),
    (values) => game.insertInto('payment_orders').values(values).execute(),
  );
  await insert(
    rows(({ userId, facts }) =>
      facts.storePurchases.map((reversal, index) => ({
        store: index % 2 === 0 ? 'app-store' : 'google-play',
        transaction_id: `${userId}-purchase-${index}`,
        user_id: userId,
        product_id: 'credits.500',
        kind: 'credit-pack',
        credits: 500,
        subscription_id: null,
        amount_cents: 499,
        currency: 'usd',
        environment: 'production',
        purchased_at: at,
        granted_at: at,
        reversal,
        reversed_at: reversal === null ? null : at,
        credits_taken_back: null,
      })),
    ),
    (values) => game.insertInto('store_purchases').values(values).execute(),
  );
  await insert(
    rows(({ userId, facts: { subscription } }) =>
      subscription === null ? [] : [subscriptionRow(userId, subscription, now)],
    ),
    (values) => game.insertInto('subscriptions').values(values).execute(),
  );
  await insert(
    rows(({ userId, facts }) =>
      facts.devices.map((platform, index) => {
        const token = `${userId}-device-${index}`;
        return { token_hash: tokenKey(token), token, user_id: userId, platform, registered_at: at, last_seen: at };
      }),
    ),
    (values) => game.insertInto('push_devices').values(values).execute(),
  );
  await insert(
    rows(({ userId, facts: { beta } }) =>
      beta === null
        ? []
        : [
            {
              user_id: userId,
              email: `${userId}@example.com`,
              display_name: userId,
              max_invites: 0,
              invite_code: null,
              timestamp: at,
              data: '{}',
              status: beta,
              updated_at: at,
              accepted_at: beta === 2 ? at : null,
            },
          ],
    ),
    (values) => game.insertInto('beta_requests').values(values).execute(),
  );
  await insert(
    rows(({ userId, facts }) =>
      INVITES.slice(0, facts.inviteClaims).map((invite_id) => ({ invite_id, user_id: userId, claimed_at: at })),
    ),
    (values) => game.insertInto('invite_claims').values(values).execute(),
  );
  return players;
}

function subscriptionRow(userId: string, kind: SubscriptionKind, now: number) {
  const ahead = new Date(now + 10 * DAY_MS).toISOString();
  const behind = new Date(now - 10 * DAY_MS).toISOString();
  const [state, periodEnd, graceEnd] = {
    active: ['active', ahead, null],
    'cancelled-in-period': ['cancelled', ahead, null],
    grace: ['grace', behind, ahead],
    'active-lapsed': ['active', behind, null],
    'billing-retry': ['billing-retry', behind, null],
    expired: ['expired', behind, null],
    refunded: ['refunded', ahead, null],
  }[kind];
  return {
    subscription_id: `stripe:${userId}`,
    user_id: userId,
    channel: 'stripe',
    state,
    period_end: periodEnd,
    grace_end: graceEnd,
    last_event_at: behind,
    updated_at: behind,
    plan_id: 'monthly',
  };
}

async function writeInvites(stores: AppStores, createdBy: string): Promise<void> {
  const at = new Date().toISOString();
  await stores.game[ENV]
    .insertInto('invites')
    .values(
      INVITES.map((invite_id) => ({
        invite_id,
        source: 'admin',
        created_by: createdBy,
        claimed: 1,
        expiration: new Date(Date.now() + 30 * DAY_MS).toISOString(),
        created: at,
      })),
    )
    .execute();
}

/** A player's value of a number attribute, from the facts alone; never seen is more days than any. */
function numberOf(facts: PlayerFacts, attribute: SegmentNumberAttribute): number {
  const spends = (entry: { reason: LedgerReason; amount: number }) =>
    (entry.reason === 'spin' || entry.reason === 'merch') && entry.amount < 0;
  switch (attribute) {
    case 'lastSeenDays':
      return facts.lastSeenDays ?? Number.POSITIVE_INFINITY;
    case 'playtimeMinutes':
      return facts.sessions.reduce((total, minutes) => total + minutes, 0);
    case 'highestLevel':
      return facts.level ?? 0;
    case 'creditsSpent':
      return facts.ledger.filter(spends).reduce((total, entry) => total - entry.amount, 0);
    case 'creditsHeld':
      return facts.creditsHeld ?? 0;
    case 'purchases':
      return (
        facts.webOrders.filter((order) => order.status === 'completed').length +
        facts.storePurchases.filter((reversal) => reversal === null).length
      );
    case 'accountAgeDays':
      return facts.ageDays;
  }
}

function holds(rule: SegmentRule, facts: PlayerFacts): boolean {
  if (rule.op === 'atLeast' || rule.op === 'atMost') {
    const value = numberOf(facts, rule.attribute);
    return rule.op === 'atLeast' ? value >= rule.value : value <= rule.value;
  }
  let is: boolean;
  if (rule.attribute === 'platform') is = facts.devices.includes(rule.value);
  else if (rule.attribute === 'premium') is = facts.subscription !== null && PREMIUM_KINDS.has(facts.subscription);
  else if (rule.attribute === 'betaTester') is = facts.beta === 2;
  else if (rule.attribute === 'earlyAccess') is = facts.inviteClaims > 0;
  else is = facts.partner;
  return rule.op === 'is' ? is : !is;
}

const joined = (match: SegmentMatch, results: boolean[]) =>
  match === 'all' ? results.every(Boolean) : results.some(Boolean);

/** The reference: whether a player with these facts is in the segment. */
function inSegment(definition: SegmentDefinition, facts: PlayerFacts): boolean {
  return joined(
    definition.match,
    definition.rules.map((entry) =>
      isSegmentGroup(entry)
        ? joined(
            entry.match,
            entry.rules.map((rule) => holds(rule, facts)),
          )
        : holds(entry, facts),
    ),
  );
}

/** Upper ends of the values rules ask about, near the generated players' own. */
const NUMBER_REACH: Record<SegmentNumberAttribute, number> = {
  lastSeenDays: 40,
  playtimeMinutes: 300,
  highestLevel: 40,
  creditsSpent: 1200,
  creditsHeld: 1500,
  purchases: 5,
  accountAgeDays: 300,
};

const ruleArbitrary: fc.Arbitrary<SegmentRule> = fc.oneof(
  fc.constantFrom(...SEGMENT_NUMBER_ATTRIBUTES).chain((attribute) =>
    fc.record({
      attribute: fc.constant(attribute),
      op: fc.constantFrom(...SEGMENT_NUMBER_OPS),
      value: fc.integer({ min: 0, max: NUMBER_REACH[attribute] }),
    }),
  ),
  fc.record({ attribute: fc.constantFrom(...SEGMENT_FLAG_ATTRIBUTES), op: fc.constantFrom(...SEGMENT_IS_OPS) }),
  fc.record({
    attribute: fc.constant('platform' as const),
    op: fc.constantFrom(...SEGMENT_IS_OPS),
    value: fc.constantFrom(...PUSH_PLATFORMS),
  }),
);
const groupArbitrary: fc.Arbitrary<SegmentGroup> = fc.record({
  match: fc.constantFrom(...SEGMENT_MATCHES),
  rules: fc.array(ruleArbitrary, { minLength: 1, maxLength: 3 }),
});
const definitionArbitrary: fc.Arbitrary<SegmentDefinition> = fc.record({
  match: fc.constantFrom(...SEGMENT_MATCHES),
  rules: fc.array(fc.oneof({ weight: 3, arbitrary: ruleArbitrary }, { weight: 1, arbitrary: groupArbitrary }), {
    minLength: 1,
    maxLength: 4,
  }),
});

const factsArbitrary: fc.Arbitrary<PlayerFacts> = fc.record({
  ageDays: fc.integer({ min: 0, max: 365 }),
  lastSeenDays: fc.option(fc.integer({ min: 0, max: 45 }), { nil: null }),
  sessions: fc.array(fc.integer({ min: 1, max: 120 }), { maxLength: 3 }),
  level: fc.option(fc.integer({ min: 0, max: 40 }), { nil: null }),
  creditsHeld: fc.option(fc.integer({ min: 0, max: 1500 }), { nil: null }),
  ledger: fc.array(
    fc.record({
      reason: fc.constantFrom(...LEDGER_REASONS),
      amount: fc.integer({ min: -500, max: 500 }).filter((amount) => amount !== 0),
    }),
    { maxLength: 4 },
  ),
  webOrders: fc.array(
    fc.record({
      status: fc.constantFrom('completed' as const, 'created' as const, 'declined' as const, 'pending' as const),
      payment: fc.constantFrom('paypal' as const, 'stripe' as const),
    }),
    { maxLength: 3 },
  ),
  storePurchases: fc.array(fc.constantFrom(null, 'refund' as const, 'revoke' as const), { maxLength: 2 }),
  subscription: fc.option(fc.constantFrom(...SUBSCRIPTION_KINDS), { nil: null }),
  devices: fc.array(fc.constantFrom(...PUSH_PLATFORMS), { maxLength: 3 }),
  beta: fc.constantFrom(null, 1 as const, 2 as const),
  inviteClaims: fc.integer({ min: 0, max: 2 }),
  partner: fc.boolean(),
});

const everyone: SegmentDefinition = { match: 'all', rules: [{ attribute: 'accountAgeDays', op: 'atLeast', value: 0 }] };
const lapsed: SegmentDefinition = {
  match: 'all',
  rules: [
    { attribute: 'lastSeenDays', op: 'atLeast', value: 14 },
    { attribute: 'creditsSpent', op: 'atLeast', value: 100 },
  ],
};

describe.each(TEST_DIALECTS)('segments on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  let admin: SignedIn;
  let staff: SignedIn;
  let moderator: SignedIn;
  let player: SignedIn;
  const streams: SseStream[] = [];
  const send = caller(() => t.app);
  const game = () => t.stores.game[ENV];
  /** Every player account and what was written of it, for the reference evaluation. */
  const population: Player[] = [];
  const addPlayers = async (prefix: string, facts: readonly PlayerFacts[], now = Date.now()) => {
    const written = await writePlayers(t.stores, player, prefix, facts, now);
    population.push(...written);
    return written;
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const setKeys = (userId: string, keys: string[]) => setProfileKeys(t.stores.identity, userId, keys);
    const account = (name: string, keys: string[]) =>
      signUpWithProfile(t.app, setKeys, { email: `${name}@example.com`, displayName: name, keys });
    admin = await account('Ada-admin', ['admin']);
    staff = await account('Sam-staff', ['staff']);
    moderator = await account('Mo-moderator', ['moderator']);
    player = await account('Pat-player', []);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    await writeInvites(t.stores, admin.userId);
    // The staff who signed up are players too, with nothing but an account made just now.
    const accounts = await t.stores.identity.selectFrom('auth_users').select(['id', 'created_at']).execute();
    for (const { id, created_at } of accounts) {
      population.push({ userId: id, createdMs: new Date(created_at).getTime(), facts: BLANK });
    }
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await t.cleanup();
  });

  const logged = (action: string) => loggedEntries(game(), action);
  const sentence = (action: string, data: Record<string, unknown>) =>
    adminLogAction(action)
      .sentence(data)
      .map((part) => (typeof part === 'string' ? part : '?'))
      .join(' ');
  const stored = () => game().selectFrom('segments').selectAll().orderBy('segment_id').execute();
  const create = (who: SignedIn, segmentID: string, name: string, definition: SegmentDefinition = lapsed) =>
    send(who, 'POST', BASE, { segmentID, name, description: `${name}, for the tests.`, definition });
  const sized = async (definition: SegmentDefinition, recount?: boolean) => {
    const response = await send(admin, 'POST', `${BASE}/size`, { definition, ...(recount ? { recount } : {}) });
    expectStatus(response, 200);
    return response.json() as SegmentSize;
  };

  it('creates, edits and deletes a segment, each change in the admin log and heard live', async () => {
    const live = await openSse(`${base}/api/live?topics=${SEGMENTS_TOPIC}&env=${ENV}`, {
      authorization: staff.bearer,
    });
    streams.push(live);
    expect(live.status, JSON.stringify(live.body)).toBe(200);
    await live.next((event) => event.event === 'ready');
    // A back-office list topic names the row; the screen reads the segment again itself.
    const hears = async (key: string) => {
      const event = await live.next(
        (one: SseEvent) => one.event === SEGMENTS_TOPIC && (one.data as { key: string }).key === key,
      );
      expect(event.data).toEqual({ key, record: null });
    };

    const made = await create(staff, 'lapsed-spenders', 'Lapsed spenders');
    expectStatus(made, 200);
    expect(made.json()).toMatchObject({
      segmentID: 'lapsed-spenders',
      name: 'Lapsed spenders',
      definition: lapsed,
      revision: 1,
      createdBy: { userID: staff.userId, displayName: 'Sam-staff' },
      updatedBy: { userID: staff.userId },
    });
    await hears('lapsed-spenders');
    const [created] = await logged(ACTIONS.create);
    expect(created).toEqual({
      admin: staff.userId,
      data: {
        segmentID: 'lapsed-spenders',
        name: 'Lapsed spenders',
        description: 'Lapsed spenders, for the tests.',
        definition: lapsed,
      },
    });
    expect(sentence(ACTIONS.create, created?.data ?? {})).toBe('created the segment “Lapsed spenders”');

    const edited: SegmentDefinition = {
      match: 'any',
      rules: [
        { attribute: 'premium', op: 'isNot' },
        {
          match: 'all',
          rules: [
            { attribute: 'platform', op: 'is', value: 'ios' },
            { attribute: 'highestLevel', op: 'atLeast', value: 10 },
          ],
        },
      ],
    };
    const saved = await send(admin, 'PUT', `${BASE}/lapsed-spenders`, {
      name: 'Lapsed or levelled',
      description: '',
      definition: edited,
      revision: 1,
    });
    expectStatus(saved, 200);
    expect(saved.json()).toMatchObject({
      name: 'Lapsed or levelled',
      definition: edited,
      revision: 2,
      createdBy: { userID: staff.userId },
      updatedBy: { userID: admin.userId, displayName: 'Ada-admin' },
    });
    await hears('lapsed-spenders');
    const [update] = await logged(ACTIONS.update);
    expect(update).toEqual({
      admin: admin.userId,
      data: {
        segmentID: 'lapsed-spenders',
        name: 'Lapsed or levelled',
        description: '',
        definition: edited,
        // What the edit replaced: the log shows it as before → after.
        previous: { name: 'Lapsed spenders', description: 'Lapsed spenders, for the tests.', definition: lapsed },
      },
    });
    expect(sentence(ACTIONS.update, update?.data ?? {})).toBe('edited the segment “Lapsed or levelled”');
    const one = await send(moderator, 'GET', `${BASE}/lapsed-spenders`);
    expect((one.json() as Segment).revision).toBe(2);

    expectStatus(await send(staff, 'DELETE', `${BASE}/lapsed-spenders`), 200);
    await hears('lapsed-spenders');
    const [deleted] = await logged(ACTIONS.delete);
    expect(deleted).toEqual({
      admin: staff.userId,
      data: { segmentID: 'lapsed-spenders', name: 'Lapsed or levelled' },
    });
    expect(sentence(ACTIONS.delete, deleted?.data ?? {})).toBe('deleted the segment “Lapsed or levelled”');
    expect(await stored()).toEqual([]);
    expectStatus(await send(admin, 'GET', `${BASE}/lapsed-spenders`), 404);
  });

  const entries = async () => (await game().selectFrom('admin_log').select('id').execute()).length;
  const messageOf = (response: LightMyRequestResponse) =>
    (response.json() as { error: { message: string } }).error.message;
  const save = (segmentID: string, fields: object) =>
    send(admin, 'PUT', `${BASE}/${segmentID}`, { name: 'Kept', description: '', definition: lapsed, ...fields });

  it('refuses a taken ID or name, a stale revision and a missing segment in words, storing and logging nothing', async () => {
    expectStatus(await create(admin, 'kept', 'Kept'), 200);
    expectStatus(await create(admin, 'second', 'Second'), 200);
    const before = await stored();
    const logBefore = await entries();
    const refused = (response: LightMyRequestResponse, status: number, message: string) => {
      expectStatus(response, status);
      expect(messageOf(response)).toBe(message);
    };

    refused(await create(admin, 'kept', 'Another name'), 409, SAY.idTaken('kept'));
    refused(await create(admin, 'other', 'Kept'), 409, SAY.nameTaken('Kept'));
    refused(await save('second', { revision: 1 }), 409, SAY.nameTaken('Kept'));
    refused(await save('kept', { revision: 2 }), 409, SAY.stale);
    refused(await save('gone', { revision: 1 }), 404, SAY.notFound);
    refused(await send(admin, 'DELETE', `${BASE}/gone`), 404, SAY.notFound);
    refused(await send(admin, 'GET', `${BASE}/gone`), 404, SAY.notFound);
    refused(await send(admin, 'GET', `${BASE}/gone/members`), 404, SAY.notFound);

    expect(await stored()).toEqual(before);
    expect(await entries()).toBe(logBefore);
  });

  it('refuses a definition that breaks its rules, saying which, wherever a definition is sent', async () => {
    const before = await stored();
    const logBefore = await entries();
    const rule = { attribute: 'highestLevel', op: 'atLeast', value: 1 };
    const badDefinitions: [string, unknown, string][] = [
      ['no rules', { match: 'all', rules: [] }, SAY.noRules],
      ['an empty group', { match: 'all', rules: [{ match: 'any', rules: [] }] }, SAY.emptyGroup],
      [
        'too many rules',
        { match: 'all', rules: Array.from({ length: SEGMENT_RULES_MAX + 1 }, () => rule) },
        SAY.tooManyRules,
      ],
      [
        'too many rules, counting a group',
        { match: 'any', rules: [rule, { match: 'all', rules: Array.from({ length: SEGMENT_RULES_MAX }, () => rule) }] },
        SAY.tooManyRules,
      ],
      [
        'an unknown attribute',
        { match: 'all', rules: [{ attribute: 'shoeSize', op: 'atLeast', value: 1 }] },
        SAY.attribute,
      ],
      ['a negative value', { match: 'all', rules: [{ ...rule, value: -1 }] }, SAY.value],
      [
        'a negative value in a group',
        { match: 'all', rules: [{ match: 'any', rules: [{ ...rule, value: -3 }] }] },
        SAY.value,
      ],
      ['a fractional value', { match: 'all', rules: [{ ...rule, value: 1.5 }] }, SAY.value],
      [
        'an unknown platform',
        { match: 'all', rules: [{ attribute: 'platform', op: 'is', value: 'windows' }] },
        SAY.platform,
      ],
    ];
    const problems: string[] = [];
    for (const [what, definition, message] of badDefinitions) {
      const answers = {
        create: await send(admin, 'POST', BASE, { segmentID: 'bad', name: 'Bad', description: '', definition }),
        save: await save('kept', { definition, revision: 1 }),
        size: await send(admin, 'POST', `${BASE}/size`, { definition }),
      };
      for (const [route, response] of Object.entries(answers)) {
        if (response.statusCode !== 400 || !messageOf(response).includes(message)) {
          problems.push(`${what} (${route}): ${response.statusCode} “${messageOf(response)}”`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(await stored()).toEqual(before);
    expect(await entries()).toBe(logBefore);
  });

  it('keeps one of two saves made at once from the same revision, and one of two creations of an ID', async () => {
    expectStatus(await create(admin, 'raced', 'Raced'), 200);
    const saves = await Promise.all(
      ['First save', 'Second save'].map((name) =>
        send(admin, 'PUT', `${BASE}/raced`, { name, description: '', definition: everyone, revision: 1 }),
      ),
    );
    expect(saves.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(saves.find((response) => response.statusCode === 409)?.json().error.message).toBe(SAY.stale);
    const winner = saves.find((response) => response.statusCode === 200)?.json() as Segment;
    const [row] = await game().selectFrom('segments').selectAll().where('segment_id', '=', 'raced').execute();
    expect(row).toMatchObject({ revision: 2, name: winner.name });
    expect((await logged(ACTIONS.update)).filter((entry) => entry.data.segmentID === 'raced')).toHaveLength(1);

    const creations = await Promise.all(
      ['Twin one', 'Twin two'].map((name) =>
        send(admin, 'POST', BASE, { segmentID: 'twin', name, description: '', definition: everyone }),
      ),
    );
    expect(creations.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(creations.find((response) => response.statusCode === 409)?.json().error.message).toBe(SAY.idTaken('twin'));
    const twins = await game().selectFrom('segments').select('name').where('segment_id', '=', 'twin').execute();
    expect(twins).toHaveLength(1);
    expect((await logged(ACTIONS.create)).filter((entry) => entry.data.segmentID === 'twin')).toHaveLength(1);
  });

  it('lets moderators read and size segments but not change them, and players nothing', async () => {
    expectStatus(await create(admin, 'readable', 'Readable'), 200);
    const reads: [Method, string, object?][] = [
      ['GET', BASE],
      ['GET', `${BASE}/readable`],
      ['POST', `${BASE}/size`, { definition: everyone }],
      ['GET', `${BASE}/readable/members`],
    ];
    const writes: [Method, string, object?][] = [
      ['POST', BASE, { segmentID: 'mine', name: 'Mine', description: '', definition: everyone }],
      ['PUT', `${BASE}/readable`, { name: 'Mine', description: '', definition: everyone, revision: 1 }],
      ['DELETE', `${BASE}/readable`],
    ];
    for (const [method, url, payload] of reads) {
      expectStatus(await send(moderator, method, url, payload), 200);
      expectStatus(await send(player, method, url, payload), 403);
    }
    for (const [method, url, payload] of writes) {
      expectStatus(await send(moderator, method, url, payload), 403);
      expectStatus(await send(player, method, url, payload), 403);
    }
    const [row] = await game().selectFrom('segments').selectAll().where('segment_id', '=', 'readable').execute();
    expect(row).toMatchObject({ name: 'Readable', revision: 1 });
    expect(await game().selectFrom('segments').select('segment_id').where('segment_id', '=', 'mine').execute()).toEqual(
      [],
    );
  });

  it('sizes a definition over every player and lists its members newest accounts first, a page at a time', async () => {
    const now = Date.now();
    const players = await addPlayers(
      'members',
      [
        { ...BLANK, ageDays: 3, lastSeenDays: 20, ledger: [{ reason: 'spin', amount: -150 }] },
        { ...BLANK, ageDays: 40, lastSeenDays: 2, ledger: [{ reason: 'merch', amount: -400 }] },
        {
          ...BLANK,
          ageDays: 90,
          ledger: [
            { reason: 'spin', amount: -60 },
            { reason: 'merch', amount: -60 },
          ],
        },
        { ...BLANK, ageDays: 10, lastSeenDays: 30, ledger: [{ reason: 'reward', amount: -500 }] },
      ],
      now,
    );
    // Only the first and third spent 100 credits or more on spins and merch and have been away two weeks (never seen is away).
    const [recent, , neverSeen] = players;
    const created = await create(admin, 'lapsed', 'Lapsed', lapsed);
    expectStatus(created, 200);

    const size = await sized(lapsed, true);
    const accounts = await t.stores.identity.selectFrom('auth_users').select('id').execute();
    expect(size).toMatchObject({ size: 2, total: accounts.length });
    expect(Date.parse(size.countedAt)).toBeGreaterThanOrEqual(now);

    const page = async (query: string, who: SignedIn = admin) => {
      const response = await send(who, 'GET', `${BASE}/lapsed/members?${query}`);
      expectStatus(response, 200);
      return response.json() as SegmentMembersPage;
    };
    const first = await page('pageSize=1');
    expect(first).toEqual({
      rows: [
        {
          player: { userID: recent?.userId, displayName: 'members-player-0', email: 'members-1@example.com' },
          lastSeen: new Date(now - 20 * DAY_MS - HOUR_MS).toISOString(),
          accountCreatedAt: new Date(recent?.createdMs ?? 0).toISOString(),
        },
      ],
      total: 2,
      page: 1,
      pageSize: 1,
      countedAt: size.countedAt,
    });
    const second = await page('pageSize=1&page=2', moderator);
    expect(second.rows).toEqual([
      {
        player: { userID: neverSeen?.userId, displayName: 'members-player-2', email: 'members-3@example.com' },
        lastSeen: null,
        accountCreatedAt: new Date(neverSeen?.createdMs ?? 0).toISOString(),
      },
    ]);
    expect((await page('pageSize=1&page=3')).rows).toEqual([]);
    // Oldest accounts first, asked for: the same two the other way round.
    const oldestFirst = await page('order=asc');
    expect(oldestFirst.rows.map((row) => row.player.userID)).toEqual([neverSeen?.userId, recent?.userId]);
    expectStatus(await send(admin, 'GET', `${BASE}/lapsed/members?pageSize=0`), 400);
  });

  it('answers from its reading until a recount, which counts what was written before it', async () => {
    const first = await sized(everyone, true);
    await addPlayers('late', [{ ...BLANK, ageDays: 1 }]);
    const cached = await sized(everyone);
    expect(cached).toEqual(first);
    const members = await send(admin, 'GET', `${BASE}/lapsed/members`);
    expect((members.json() as SegmentMembersPage).countedAt).toBe(first.countedAt);

    const recounted = await sized(everyone, true);
    expect(recounted.size).toBe(first.size + 1);
    expect(recounted.total).toBe(first.total + 1);
    expect(Date.parse(recounted.countedAt)).toBeGreaterThan(Date.parse(first.countedAt));
    // The new reading is the one every later answer counts with.
    expect(await sized(everyone)).toEqual(recounted);
    const byQuery = await send(admin, 'GET', `${BASE}/lapsed/members?recount=true`);
    expect(Date.parse((byQuery.json() as SegmentMembersPage).countedAt)).toBeGreaterThan(
      Date.parse(recounted.countedAt),
    );
  });

  it('counts and lists exactly the players a plain evaluation of the written facts holds', async () => {
    const seed = Date.now();
    await addPlayers('population', fc.sample(factsArbitrary, { numRuns: 40, seed }));
    expect(await sized(everyone, true)).toMatchObject({ size: population.length, total: population.length });
    const made = await send(admin, 'POST', BASE, {
      segmentID: 'generated',
      name: 'Generated',
      description: '',
      definition: everyone,
    });
    expectStatus(made, 200);
    let revision = (made.json() as Segment).revision;
    const sizes = new Set<number>();
    const newestFirst = [...population].sort((a, b) => b.createdMs - a.createdMs || (a.userId < b.userId ? 1 : -1));

    await fc.assert(
      fc.asyncProperty(definitionArbitrary, async (definition) => {
        const expected = newestFirst.filter((one) => inSegment(definition, one.facts)).map((one) => one.userId);
        sizes.add(expected.length);
        const size = await send(admin, 'POST', `${BASE}/size`, { definition });
        expectStatus(size, 200);
        expect((size.json() as SegmentSize).size).toBe(expected.length);

        const saved = await send(admin, 'PUT', `${BASE}/generated`, {
          name: 'Generated',
          description: '',
          definition,
          revision,
        });
        expectStatus(saved, 200);
        revision = (saved.json() as Segment).revision;
        const members = await send(admin, 'GET', `${BASE}/generated/members?pageSize=500`);
        expectStatus(members, 200);
        const page = members.json() as SegmentMembersPage;
        expect(page.total).toBe(expected.length);
        expect(page.rows.map((row) => row.player.userID)).toEqual(expected);
      }),
      { numRuns: 30, seed },
    );
    // The definitions split the players every which way, not only into none or all.
    expect([...sizes].filter((size) => size > 0 && size < population.length).length).toBeGreaterThan(10);
  });

  it('reads the same attributes a few players at a time as all at once, every range of ids read once', async () => {
    const sources = DOMAINS.flatMap((domain) => domain.segmentAttributes ?? []);
    const stores = { game: game(), identity: t.stores.identity };
    const now = new Date();
    const whole = await readPlayerAttributes(stores, sources, now);
    expect(whole.userIds.length).toBeGreaterThan(40);
    for (const perRead of [1, 7, whole.userIds.length - 1]) {
      const inRanges = await readPlayerAttributes(stores, sources, now, perRead);
      expect(inRanges.userIds).toEqual(whole.userIds);
      expect(inRanges.accountCreatedAt).toEqual(whole.accountCreatedAt);
      expect(inRanges.columns).toEqual(whole.columns);
    }
  });

  it('counts whole minutes played: "at most N" and "at least N + 1" part every player', async () => {
    const [halfway] = await writePlayers(t.stores, player, 'minutes', [{ ...BLANK, level: 77 }], Date.now());
    await game()
      .insertInto('user_playtime')
      .values({
        event_id: 'minutes-90s',
        user_id: halfway?.userId ?? '',
        seconds: 90,
        played_at: new Date().toISOString(),
      })
      .execute();
    const marked = (rule: SegmentRule): SegmentDefinition => ({
      match: 'all',
      rules: [{ attribute: 'highestLevel', op: 'atLeast', value: 77 }, rule],
    });
    const atMostOne = await sized(marked({ attribute: 'playtimeMinutes', op: 'atMost', value: 1 }), true);
    const atLeastTwo = await sized(marked({ attribute: 'playtimeMinutes', op: 'atLeast', value: 2 }));
    expect(atMostOne.size + atLeastTwo.size).toBe(1);
    expect(atMostOne.size).toBe(1);
  });

  it('counts as purchases the orders paid with money, not spins paid in credits', async () => {
    const [spinner] = await writePlayers(t.stores, player, 'spinner', [{ ...BLANK, level: 78 }], Date.now());
    const at = new Date().toISOString();
    await game()
      .insertInto('payment_orders')
      .values({
        order_id: 'spinner-credits-spin',
        user_id: spinner?.userId ?? '',
        kind: 'spin',
        payment: 'credits',
        pack_id: null,
        machine_id: 'lucky-box',
        amount_cents: 0,
        credits: 100,
        currency: 'usd',
        paypal_order_id: null,
        stripe_session_id: null,
        stripe_payment_intent: null,
        status: 'completed',
        created_at: at,
        settled_at: at,
      })
      .execute();
    const bought = await sized(
      {
        match: 'all',
        rules: [
          { attribute: 'highestLevel', op: 'atLeast', value: 78 },
          { attribute: 'purchases', op: 'atLeast', value: 1 },
        ],
      },
      true,
    );
    expect(bought.size).toBe(0);
  });
});
