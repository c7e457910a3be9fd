import { API_POLICIES, type ApiRoute } from '@outpost/contracts/api';
import {
  IDEMPOTENCY_KEY_FIELD,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_MESSAGES,
  IDEMPOTENT_REPLAYED_HEADER,
  IDEMPOTENT_ROUTE_DESCRIPTION,
} from '@outpost/contracts/idempotency';
import type { Order } from '@outpost/contracts/shop';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_AVATARS } from './avatars/seed';
import { DEMO_INVITE_CODE } from './beta/seed';
import { createBatchThrough, newBatchInput } from './claim-codes/testing';
import { type SignedIn, signUpPlayers, signUpRoles } from './identity/testing';
import { credit } from './ledger/ledger';
import { readyToShop } from './merch/testing';
import { DEMO_PARTNER_INVITE } from './partners/seed';
import { giveProfiles } from './partners/testing';
import { type LocalPayPal, startLocalPayPal } from './payments/paypal/testing/local-paypal';
import { seedDemoData } from './seed';
import { putTestMachine, putTestPack } from './shop/testing';
import {
  buildTestApp,
  buildUnreadyTestApp,
  TEST_DIALECTS,
  type TestApp,
  type TestAppOptions,
} from './testing/test-stores';

/*
 * Every call that spends or claims (the route table's `idempotent` routes), sent several times at
 * once with one request key, as a double click or the game's own retries send it: it is carried out
 * once, and every answer is the first answer. Both stores; across two instances on PostgreSQL.
 */

const REPEATS = 6;

/** A spend made ready: the request a player sends, and how many times its effect happened. */
interface Spend {
  request: InjectOptions;
  player: SignedIn;
  effects(): Promise<number>;
}

const IDEMPOTENT_ROUTES = (Object.entries(API_POLICIES) as [ApiRoute, { idempotent?: boolean }][])
  .filter(([, policy]) => policy.idempotent)
  .map(([route]) => route)
  .sort();

describe.each(TEST_DIALECTS)('spending and claiming with a request key on %s', (dialect) => {
  let t: TestApp;
  let paypal: LocalPayPal;
  let admin: SignedIn;
  let partner: SignedIn;
  let crowd: SignedIn[];
  let keyCounter = 0;
  const db = () => t.stores.game.development;
  const newKey = () => {
    keyCounter += 1;
    return `key-${dialect}-${keyCounter}`;
  };

  beforeAll(async () => {
    paypal = await startLocalPayPal();
    t = await buildTestApp(dialect, appOptions());
    await seedDemoData(t.stores, 'development');
    ({ admin, partner } = await signUpRoles(t.app, t.stores.identity, { admin: ['admin'], partner: ['partner'] }));
    crowd = await signUpPlayers(t.app, t.stores.identity, `keyed-${dialect}`, 24);
    await giveProfiles(t.stores.identity, crowd, `keyed-${dialect}`);
    await putTestMachine(db(), {
      machineID: 'keyed',
      costCredits: 100,
      costUSD: 99,
      prizes: [{ prizeID: 'cap', weight: 1, stock: 500 }],
    });
    await putTestPack(db(), { packID: 'keyed-pack', credits: 500, costUSD: 499 });
  });
  afterAll(async () => {
    await t?.cleanup();
    await paypal?.close();
  });

  /** APP_ENV's PayPal is the local one. */
  function appOptions(): TestAppOptions {
    const paypalConfig = { apiUrl: paypal.apiUrl, clientId: paypal.clientId, clientSecret: paypal.clientSecret };
    return { config: { paypal: { development: paypalConfig, beta: undefined, production: undefined } } };
  }

  async function player(credits = 0): Promise<SignedIn> {
    const next = crowd.pop();
    if (!next) throw new Error('The test needs a larger crowd.');
    if (credits > 0) {
      await credit(db(), { userId: next.userId, amount: credits, reason: 'reward', reference: `grant:${next.userId}` });
    }
    return next;
  }

  const send = (app: FastifyInstance, spend: Spend, key: string) =>
    app.inject({
      ...spend.request,
      headers: { ...spend.request.headers, authorization: spend.player.bearer, [IDEMPOTENCY_KEY_HEADER]: key },
    });

  async function ok(response: LightMyRequestResponse | Promise<LightMyRequestResponse>) {
    const answered = await response;
    expect(answered.statusCode, answered.body).toBe(200);
    return answered;
  }

  async function shopOrder(buyer: SignedIn, payload: object): Promise<Order> {
    const response = await ok(
      t.app.inject({ method: 'POST', url: '/api/shop/orders', headers: { authorization: buyer.bearer }, payload }),
    );
    return response.json() as Order;
  }

  /** The rows of one of the spends' tables that belong to a player. */
  const rowsOf = async (table: string, userId: string) => {
    const { rows } = await sql<{ n: number | string }>`
      select count(*) as n from ${sql.table(table)} where user_id = ${userId}`.execute(db());
    return Number(rows[0]?.n);
  };

  /** Each idempotent route, made ready to spend once more. */
  const SPENDS: Record<ApiRoute, () => Promise<Spend>> = {
    'GET /api/fn/spin-machine': async () => {
      const spinner = await player(1_000);
      return {
        player: spinner,
        request: { method: 'GET', url: '/api/fn/spin-machine?machineID=keyed' },
        effects: () => rowsOf('spins', spinner.userId),
      };
    },
    'GET /api/fn/request-spin': async () => {
      const spinner = await player();
      const paid = await shopOrder(spinner, { kind: 'spin', machineID: 'keyed', payment: 'paypal' });
      paypal.approve(paid.paypalOrderID ?? '');
      return {
        player: spinner,
        request: { method: 'GET', url: `/api/fn/request-spin?paypalOrderID=${paid.paypalOrderID}` },
        effects: async () => (await rowsOf('spins', spinner.userId)) * paypal.captureCount(paid.paypalOrderID ?? ''),
      };
    },
    'GET /api/fn/process-paypal-order': async () => {
      const buyer = await player();
      const paid = await shopOrder(buyer, { kind: 'credit-pack', packID: 'keyed-pack', payment: 'paypal' });
      paypal.approve(paid.paypalOrderID ?? '');
      return {
        player: buyer,
        request: { method: 'GET', url: `/api/fn/process-paypal-order?orderID=${paid.paypalOrderID}` },
        effects: async () =>
          (await rowsOf('credit_ledger', buyer.userId)) * paypal.captureCount(paid.paypalOrderID ?? ''),
      };
    },
    'GET /api/fn/process-direct-transaction': async () => {
      const spinner = await player(1_000);
      const { orderID } = await shopOrder(spinner, { kind: 'spin', machineID: 'keyed', payment: 'credits' });
      return {
        player: spinner,
        request: { method: 'GET', url: `/api/fn/process-direct-transaction?orderID=${orderID}` },
        effects: () => rowsOf('spins', spinner.userId),
      };
    },
    'POST /api/shop/orders': async () => {
      const buyer = await player();
      return {
        player: buyer,
        request: {
          method: 'POST',
          url: '/api/shop/orders',
          payload: { kind: 'credit-pack', packID: 'keyed-pack', payment: 'paypal' },
        },
        effects: () => rowsOf('payment_orders', buyer.userId),
      };
    },
    'POST /api/shop/merch/orders': async () => {
      const buyer = await readyToShop(t.app, db(), await player(), 100_000);
      const product = await db()
        .selectFrom('product_varieties')
        .select(['product_id', 'variety_id'])
        .where('quantity', '>', 10)
        .executeTakeFirstOrThrow();
      return {
        player: buyer,
        request: {
          method: 'POST',
          url: '/api/shop/merch/orders',
          payload: {
            lines: [{ productID: product.product_id, varietyID: product.variety_id, quantity: 1 }],
            payment: 'credits',
          },
        },
        effects: () => rowsOf('merch_orders', buyer.userId),
      };
    },
    'POST /api/account/redeem-code': async () => {
      const redeemer = await player();
      const batch = await ok(
        createBatchThrough(
          t.app,
          admin.bearer,
          'development',
          newBatchInput({ batchName: `Keyed ${newKey()}`, batchQuantity: 1, uses: 50 }),
        ),
      );
      const { claimCodeID } = batch.json() as { claimCodeID: string };
      const code = await db()
        .selectFrom('claim_codes')
        .select('code')
        .where('claim_code_id', '=', claimCodeID)
        .executeTakeFirstOrThrow();
      return {
        player: redeemer,
        request: { method: 'POST', url: '/api/account/redeem-code', payload: { code: code.code } },
        effects: () => rowsOf('claim_code_redemptions', redeemer.userId),
      };
    },
    'POST /api/account/invites/:inviteID/claim': async () => {
      const invited = await player();
      return {
        player: invited,
        request: { method: 'POST', url: `/api/account/invites/${DEMO_INVITE_CODE}/claim` },
        effects: () => rowsOf('invite_claims', invited.userId),
      };
    },
    'GET /api/fn/claim-avatar': async () => {
      const claimer = await player();
      return {
        player: claimer,
        request: {
          method: 'GET',
          url: `/api/fn/claim-avatar?avatarID=${DEMO_AVATARS[0]?.avatarID}&userID=${claimer.userId}`,
        },
        effects: () => rowsOf('avatar_claims', claimer.userId),
      };
    },
    'POST /api/account/referrals/:referralID/join': async () => {
      const joiner = await player();
      return {
        player: joiner,
        request: { method: 'POST', url: `/api/account/referrals/${await referralID()}/join` },
        effects: () => rowsOf('referral_joins', joiner.userId),
      };
    },
    'POST /api/account/referral-link/tiers/:tierID/claim': async () => {
      // The partner's first tier is reached by one player joining through their link.
      await ok(
        t.app.inject({
          method: 'POST',
          url: `/api/account/referrals/${await referralID()}/join`,
          headers: { authorization: (await player()).bearer },
        }),
      );
      return {
        player: partner,
        request: { method: 'POST', url: '/api/account/referral-link/tiers/first-recruit/claim' },
        effects: async () =>
          (
            await db()
              .selectFrom('referral_tier_claims')
              .select('tier_id')
              .where('tier_id', '=', 'first-recruit')
              .execute()
          ).length,
      };
    },
    'POST /api/account/partner-invites/:inviteID/claim': async () => {
      const creator = await player();
      return {
        player: creator,
        request: { method: 'POST', url: `/api/account/partner-invites/${DEMO_PARTNER_INVITE}/claim` },
        effects: async () =>
          (
            await db()
              .selectFrom('partner_invites')
              .select('invite_id')
              .where('claimed_by', '=', creator.userId)
              .execute()
          ).length,
      };
    },
  } as Record<ApiRoute, () => Promise<Spend>>;

  async function referralID(): Promise<string> {
    const response = await ok(
      t.app.inject({ method: 'GET', url: '/api/account/referral-link', headers: { authorization: partner.bearer } }),
    );
    return (response.json() as { link: { referralID: string } }).link.referralID;
  }

  it('covers every route the route table marks as spending or claiming', () => {
    expect(Object.keys(SPENDS).sort()).toEqual(IDEMPOTENT_ROUTES);
  });

  it('documents the request key on each of them in the API document', async () => {
    const docs = (await ok(t.app.inject({ url: '/api/docs' }))).json() as {
      paths: Record<string, Record<string, { description?: string; parameters?: { name: string; in: string }[] }>>;
    };
    for (const route of IDEMPOTENT_ROUTES) {
      const [method = '', path = ''] = route.split(' ');
      const operation = docs.paths[path.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
      expect(operation?.description, route).toBe(IDEMPOTENT_ROUTE_DESCRIPTION);
      if (method === 'GET') {
        expect(operation?.parameters, route).toContainEqual(
          expect.objectContaining({ name: IDEMPOTENCY_KEY_FIELD, in: 'query' }),
        );
      }
    }
  });

  it.each(IDEMPOTENT_ROUTES)(
    '%s: concurrent repeats of one key are carried out once, each answered with the first answer',
    async (route) => {
      const prepare = SPENDS[route];
      if (!prepare) throw new Error(`No spend for ${route}`);
      const spend = await prepare();
      const before = await spend.effects();
      const key = newKey();
      const answers = await Promise.all(Array.from({ length: REPEATS }, () => send(t.app, spend, key)));
      const first = answers[0] as LightMyRequestResponse;
      expect(first.statusCode, first.body).toBe(200);
      for (const answer of answers) {
        expect(answer.statusCode, answer.body).toBe(first.statusCode);
        expect(answer.body).toBe(first.body);
      }
      expect(answers.filter((answer) => answer.headers[IDEMPOTENT_REPLAYED_HEADER] === 'true')).toHaveLength(
        REPEATS - 1,
      );
      expect(await spend.effects()).toBe(before + 1);
      // Later, the same key still answers the same, and carries out nothing.
      const later = await send(t.app, spend, key);
      expect(later.body).toBe(first.body);
      expect(await spend.effects()).toBe(before + 1);
    },
  );

  it('refuses the key of one spin for a spin of another machine, spending nothing', async () => {
    const spend = await (SPENDS['GET /api/fn/spin-machine'] as () => Promise<Spend>)();
    const key = newKey();
    await ok(send(t.app, spend, key));
    const other = await send(
      t.app,
      { ...spend, request: { method: 'GET', url: '/api/fn/spin-machine?machineID=other' } },
      key,
    );
    expect(other.statusCode).toBe(409);
    expect(other.json().error.message).toBe(IDEMPOTENCY_MESSAGES.reused);
    expect(await spend.effects()).toBe(1);
  });

  it.runIf(dialect === 'postgres')('carries out a key once across two instances of the app', async () => {
    const secondStores = await t.reopen();
    const second = await buildUnreadyTestApp({ ...t, stores: secondStores }, appOptions());
    await second.ready();
    try {
      const spend = await (SPENDS['GET /api/fn/spin-machine'] as () => Promise<Spend>)();
      const key = newKey();
      const answers = await Promise.all(
        Array.from({ length: REPEATS }, (_, index) => send(index % 2 === 0 ? t.app : second, spend, key)),
      );
      expect(new Set(answers.map((answer) => `${answer.statusCode} ${answer.body}`)).size).toBe(1);
      expect(answers[0]?.statusCode).toBe(200);
      expect(await spend.effects()).toBe(1);
    } finally {
      await second.close();
      await secondStores.close();
    }
  });
});
