import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN_LOG_ACTIONS, adminLogAction, adminLogDetails } from '@outpost/contracts/admin-log-actions';
import { ADMIN_LOG_SAMPLES } from '@outpost/contracts/admin-log-samples-testing';
import type { LogData } from '@outpost/contracts/admin-log-words';
import type { AdminLogEntry } from '@outpost/contracts/backoffice';
import { DEFAULT_BETA_CONFIG } from '@outpost/contracts/beta';
import { BROUGHT_ADMIN_LOG_WALKS } from '@outpost/contracts/domain-contract';
import type { AdminMerchOrder, MerchOrder } from '@outpost/contracts/merch';
import type { Product } from '@outpost/contracts/products';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBatchThrough, newBatchInput } from '../claim-codes/testing';
import { setProfileKeys } from '../identity/queries';
import { ORIGIN, type SignedIn, signUpWithProfile } from '../identity/testing';
import { payWithCredits, placeOrder, putTestProduct, readyToShop } from '../merch/testing';
import { createProductThrough, newProductInput, pngBytes, saveInput, saveProductThrough } from '../products/testing';
import { tokenKey } from '../push/token-key';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { newEpisodeInput, uploadImage } from '../theater/admin-testing';

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.includes('testing'))
    .map((file) => join(ROOT, folder, file));
}

const quoted = (text: string) => [...text.matchAll(/'([^']+)'/g)].map((match) => match[1] as string);

/**
 * Every action the server writes, found in its source: the values of its `*_ACTIONS` objects
 * and `*_ACTION` constants (server and contracts), and any action written as a literal
 * (`action: 'config.update'`, `adminLogRecord(context, 'x', …)`). A new action anywhere there
 * without a sentence in the catalogue fails the test below.
 */
function writtenActions(): Set<string> {
  const actions = new Set<string>();
  for (const file of [...sourceFiles('apps/server/src'), ...sourceFiles('packages/contracts/src')]) {
    const source = readFileSync(file, 'utf8');
    for (const [, block = ''] of source.matchAll(/const \w*_ACTIONS\s*=\s*\{([^}]*)\}/g)) {
      for (const action of quoted(block.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, ''))) actions.add(action);
    }
    for (const [, action = ''] of source.matchAll(/const \w*_ACTION\s*=\s*'([^']+)'/g)) actions.add(action);
    if (!file.includes('contracts')) {
      for (const [, action = ''] of source.matchAll(/\baction:\s*'([^']+)'/g)) actions.add(action);
      for (const [, action = ''] of source.matchAll(/adminLogRecord\([^,]+,\s*'([^']+)'/g)) actions.add(action);
    }
  }
  return actions;
}

describe('the admin log catalogue', () => {
  const written = writtenActions();

  it('has a label and a sentence for every action the server writes, and nothing it does not', () => {
    // The scan itself works: it finds the actions of every domain.
    expect(written.size).toBeGreaterThanOrEqual(60);
    for (const action of [
      'merchOrder.ship',
      'config.update',
      'reward.distribute',
      'user.keys',
      'createRedemptionCodes',
    ]) {
      expect(written).toContain(action);
    }
    expect([...written].filter((action) => !(action in ADMIN_LOG_ACTIONS))).toEqual([]);
    expect(Object.keys(ADMIN_LOG_ACTIONS).filter((action) => !written.has(action))).toEqual([]);
  });
});

/**
 * Actions no route of this app writes on its own here, each with the test that makes them: a
 * provider's answer decides them, and a double of that provider lives in that test.
 */
const WRITTEN_ELSEWHERE: Readonly<Record<string, string>> = {
  'merchOrder.refundRefused': 'apps/server/src/merch/payments.test.ts (the card provider refuses the refund)',
  'subscription.refund':
    'apps/server/src/subscriptions/stripe-billing/stripe-billing.test.ts (Stripe Billing’s double)',
  // A domain with contracts of its own may walk its actions in its own test (DomainContract.adminLogWalk).
  ...BROUGHT_ADMIN_LOG_WALKS,
};

/** The text of a sentence as the screen reads it: people by the names the list route answered. */
function sentenceText(entry: AdminLogEntry): string {
  return adminLogAction(entry.action)
    .sentence(entry.data)
    .map((part) => {
      if (typeof part === 'string') return part;
      if ('person' in part) return entry.people[part.person]?.displayName ?? 'a deleted account';
      if ('record' in part) return part.record;
      return part.time;
    })
    .join('');
}

const isEdit = (data: LogData) =>
  'previous' in data || 'changes' in data || Object.keys(data).some((key) => /^previous[A-Z]/.test(key));

describe.each(TEST_DIALECTS)('every action of the catalogue, made through its route, on %s', (dialect) => {
  let t: TestApp;
  let admin: SignedIn;
  let scout: SignedIn;
  let rook: SignedIn;
  const env = 'development';
  const db = () => t.stores.game.development;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const setKeys = (id: string, keys: string[]) => setProfileKeys(t.stores.identity, id, keys);
    admin = await signUpWithProfile(t.app, setKeys, {
      email: 'walk-admin@example.com',
      displayName: 'BossAdmin',
      keys: ['admin'],
    });
    scout = await signUpWithProfile(t.app, setKeys, { email: 'scout@example.com', displayName: 'Scout_Mara' });
    rook = await signUpWithProfile(t.app, setKeys, { email: 'rook@example.com', displayName: 'Rook' });
  });
  afterAll(async () => {
    await t.cleanup();
  });

  /** A call as `who` that must succeed; answers its JSON. */
  async function ok<T = Record<string, unknown>>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    who: SignedIn = admin,
  ): Promise<T> {
    const response = await t.app.inject({
      method,
      url: url.startsWith('/api/') ? url : `/api/admin/${env}${url}`,
      headers: { authorization: who.bearer },
      ...(payload ? { payload } : {}),
    });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return (response.body ? response.json() : {}) as T;
  }

  const expectDone = (response: LightMyRequestResponse, what: string) =>
    expect(response.statusCode, `${what}: ${response.body}`).toBeLessThan(300);

  async function catalogueItemsAndShop(): Promise<void> {
    for (const [itemID, name] of [
      ['crate-gold', 'Gold crate'],
      ['old-hat', 'Old hat'],
    ]) {
      await ok('POST', '/items', { itemID, name });
    }
    await ok('PUT', '/items/crate-gold', { name: 'Golden crate' });
    await ok('DELETE', '/items/old-hat');
    const offer = { purchasableID: 'gold-offer', itemID: 'crate-gold', name: 'Gold offer', costCredits: 100 };
    await ok('POST', '/purchasables', { purchasables: [offer] });
    await ok('PUT', '/purchasables/gold-offer', { costCredits: 120, available: true });
    await ok('DELETE', '/purchasables/gold-offer');

    const pack = { packID: 'starter', name: 'Starter', credits: 1000, costUSD: 499, available: true };
    await ok('POST', '/credit-packs', pack);
    await ok('PUT', '/credit-packs/starter', { ...pack, credits: 1200, costUSD: 549, packID: undefined });
    const prizes = [{ prizeID: 'gold', name: 'Gold crate', itemID: 'crate-gold', weight: 3, stock: 10 }];
    const machine = { name: 'Lucky box', description: '', available: true, costCredits: 100, costUSD: null, prizes };
    await ok('POST', '/machines', { machineID: 'lucky-box', ...machine });
    await ok('PUT', '/machines/lucky-box', { ...machine, costCredits: 150, version: 1 });
    const drop = {
      machineID: 'lucky-box',
      name: 'Winter drop',
      opensAt: '2026-12-04T18:00:00.000Z',
      closesAt: '2026-12-11T18:00:00.000Z',
    };
    await ok('POST', '/drops', { dropID: 'winter', ...drop });
    await ok('PUT', '/drops/winter', { ...drop, opensAt: '2026-12-05T18:00:00.000Z' });
    await ok('DELETE', '/drops/winter');
    await ok('PUT', '/config/container-spin', { shopOpens: '2026-12-24T09:00:00.000Z' });
    await ok('PUT', '/premium/plans', {
      annualPriceCents: 5999,
      monthlyStoreProductId: 'premium.m',
      annualStoreProductId: 'premium.y',
    });

    const codes = await createBatchThrough(t.app, admin.bearer, env, newBatchInput({ rewards: ['crate-gold'] }));
    expectDone(codes, 'claim codes');
    await ok('DELETE', `/claim-codes/${(codes.json() as { claimCodeID: string }).claimCodeID}`);

    expectDone(await createProductThrough(t.app, admin.bearer, env, newProductInput()), 'product');
    const product = await ok<Product>('GET', '/products/boots');
    expectDone(
      await saveProductThrough(t.app, admin.bearer, env, 'boots', saveInput(product, { price: 2499 })),
      'product save',
    );
  }

  async function catalogueMerch(): Promise<void> {
    await ok('PUT', '/config/merch', { creditsPerUSD: 120 });
    await putTestProduct(db(), { productID: 'hoodie', price: 5999, varieties: [['m', 10]] });
    const paidOrder = async () => {
      await readyToShop(t.app, db(), scout, 100_000);
      const placed = await placeOrder(t.app, scout, {
        lines: [{ productID: 'hoodie', varietyID: 'm', quantity: 1 }],
        payment: 'credits',
      });
      expectDone(placed, 'order');
      const { orderID } = placed.json() as MerchOrder;
      expectDone(await payWithCredits(t.app, scout, orderID), 'payment');
      return orderID;
    };
    const shipped = await paidOrder();
    const packed = await ok<AdminMerchOrder>('PUT', `/merch/orders/${shipped}/fulfilment`, {
      status: 'packed',
      version: (await ok<AdminMerchOrder>('GET', `/merch/orders/${shipped}`)).version,
    });
    await ok('PUT', `/merch/orders/${shipped}/fulfilment`, {
      status: 'shipped',
      trackingReference: 'RM123456789GB',
      version: packed.version,
    });
    await ok('POST', `/merch/orders/${await paidOrder()}/refunds`, { amountCents: 549, reason: 'Arrived damaged' });
    const merchDrop = { name: 'Hoodie drop', opensAt: '2026-12-04T18:00:00.000Z', products: ['hoodie'] };
    await ok('POST', '/merch/drops', { dropID: 'hoodie-drop', ...merchDrop });
    await ok('PUT', '/merch/drops/hoodie-drop', { ...merchDrop, opensAt: '2026-12-06T18:00:00.000Z' });
    await ok('DELETE', '/merch/drops/hoodie-drop');
  }

  async function catalogueTheater(): Promise<void> {
    const episode = await ok<{ episodeID: string; version: number }>(
      'POST',
      '/theater/episodes',
      newEpisodeInput({ season: 1, episode: 4 }),
    );
    await ok('PUT', `/theater/episodes/${episode.episodeID}`, {
      ...newEpisodeInput({ season: 1, episode: 4, title: 'The Signal Returns' }),
      version: episode.version,
    });
    expectDone(await uploadImage(t.app, admin, `/episodes/${episode.episodeID}/banner`, await pngBytes()), 'banner');
    await ok('DELETE', `/theater/episodes/${episode.episodeID}`);
    const video = await ok<{ version: number }>('POST', '/theater/videos', {
      videoID: 'trailer',
      title: 'Trailer',
      vimeoID: '76979871',
    });
    await ok('PUT', '/theater/videos/trailer', {
      title: 'Launch trailer',
      vimeoID: '76979871',
      version: video.version,
    });
    expectDone(await uploadImage(t.app, admin, '/videos/trailer/thumbnail', await pngBytes()), 'thumbnail');
    const collection = await ok<{ version: number }>('POST', '/theater/collections', {
      collectionID: 'extras',
      title: 'Extras',
    });
    await ok('PUT', '/theater/collections/extras', {
      title: 'Behind the scenes',
      members: [{ videoID: 'trailer' }],
      version: collection.version,
    });
    await ok('DELETE', '/theater/collections/extras');
    await ok('DELETE', '/theater/videos/trailer');
  }

  async function catalogueProgrammes(): Promise<void> {
    await ok('POST', '/invites', { inviteID: 'winter-testers', validDays: 14 });
    await ok('PUT', '/api/account/beta/request', { data: { platform: 'ios' } }, rook);
    await ok('POST', `/beta-requests/${rook.userId}/accept`, {});
    const objective = { title: 'Play a first match', description: 'Tell us how it felt.', active: true };
    await ok('POST', '/testing-objectives', { objectiveID: 'first-match', ...objective });
    await ok('PUT', '/testing-objectives/first-match', { ...objective, active: false });
    await ok('PUT', '/beta-config', { ...DEFAULT_BETA_CONFIG, categories: [{ id: 'bug', label: 'Bug' }] });
    const feedback = await ok<{ feedbackID: string }>(
      'POST',
      '/api/account/feedback',
      { category: 'bug', sentiment: 'negative', text: 'The lobby froze.' },
      rook,
    );
    await ok('POST', '/feedback/review', { feedbackIDs: [feedback.feedbackID] });

    const tiers = [{ tierID: 'first', referrals: 1, credits: 100, items: ['crate-gold'] }];
    await ok('POST', '/referral-rewards', { rewardID: 'welcome-pack', name: 'Welcome pack', tiers });
    await ok('PUT', '/referral-rewards/welcome-pack', { name: 'Welcome pack', tiers: [{ ...tiers[0], credits: 150 }] });
    await ok('POST', '/partner-invites', { inviteID: 'partner-anna' });
    await ok('PUT', '/partner-invites/partner-anna', {
      inviteID: 'partner-anna',
      joinRewardID: 'welcome-pack',
      rewardTierID: 'first',
    });
    await ok('POST', '/partner-invites', { inviteID: 'partner-ben' });
    await ok('POST', '/partner-invites/delivered', { inviteIDs: ['partner-ben'], delivered: true });
    await ok('DELETE', '/partner-invites/partner-ben');
    await ok('POST', '/partner-invites/delete-undelivered', { inviteIDs: ['partner-anna'] });
    const config = await ok('GET', '/partners-config');
    await ok('PUT', '/partners-config', { ...config, joinMessage: 'Welcome aboard!' });
  }

  async function cataloguePlayers(): Promise<void> {
    await ok('POST', `/api/callable/${env}-admin-distributereward`, {
      data: { requestID: 'walk-reward', userIDs: [scout.userId, rook.userId], credits: 250, reason: 'Outage' },
    });
    // A reward to everyone scheduled, moved on the calendar, then cancelled on the reward screen.
    const hour = 3_600_000;
    await ok('POST', '/rewards/everyone/schedule', {
      requestID: 'walk-scheduled',
      credits: 250,
      items: [{ itemID: 'crate-gold' }],
      reason: 'Weekend gift',
      sendAt: new Date(Date.now() + hour).toISOString(),
    });
    await ok('POST', '/calendar/reward-run/walk-scheduled/move', {
      startsAt: new Date(Date.now() + 2 * hour).toISOString(),
    });
    await ok('POST', '/rewards/everyone/walk-scheduled/cancel', {});
    await ok('POST', '/api/account/reports', { category: 'cheating', target: 'crate_raider', text: 'Aimbot.' }, scout);
    const reports = await ok<{ rows: { reportID: string }[] }>('GET', '/reports');
    await ok('POST', `/reports/${reports.rows[0]?.reportID}/resolve`, { resolution: 'Warned' });
    await ok('PUT', `/users/${rook.userId}/keys`, { keys: ['staff'] });
    await ok('POST', `/users/${rook.userId}/suspension`, {
      reason: 'Griefing',
      endsAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    await ok('POST', `/users/${rook.userId}/suspension/lift`, { note: 'Appealed' });
    await ok('POST', `/users/${scout.userId}/credits`, { direction: 'grant', amount: 500, reason: 'Lost in a crash' });
    await ok('POST', `/users/${scout.userId}/credits`, { direction: 'takeBack', amount: 200, reason: 'Granted twice' });
    await ok('POST', `/users/${scout.userId}/items`, { itemIDs: ['crate-gold'], reason: 'Event prize' });
    await ok('POST', `/users/${scout.userId}/items/take-back`, {
      itemID: 'crate-gold',
      quantity: 1,
      reason: 'Granted twice',
    });

    // Scout's phone, as the game registers it when they allow notifications.
    const now = new Date().toISOString();
    await db()
      .insertInto('push_devices')
      .values({
        token_hash: tokenKey('phone-of-scout'),
        token: 'phone-of-scout',
        user_id: scout.userId,
        platform: 'android',
        registered_at: now,
        last_seen: now,
      })
      .execute();
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const push = await ok<{ messageID: string }>('POST', `/api/fn/${env}-push-sendbatch`, {
      recipientCategory: 'everyone',
      sendSchedule: 'scheduled',
      sendDate: later,
      title: 'Double XP',
      body: 'All weekend long.',
    });
    // Moved on the calendar (push's reschedule), then cancelled on its own screen.
    await ok('POST', `/calendar/push/${push.messageID}/move`, {
      startsAt: new Date(Date.now() + 2 * 3_600_000).toISOString(),
    });
    await ok('POST', `/push/messages/${push.messageID}/cancel`, {});
    await ok('POST', `/api/fn/${env}-push-sendtestnotificatio`, { userID: scout.userId });
    const { key } = await ok<{ key: { keyID: string } }>('POST', '/ingest-keys', { name: 'EU game servers' });
    await ok('POST', `/ingest-keys/${key.keyID}/revoke`, {});

    // The player's own: their data, then their account; their sessions end first, from the player page.
    const own = { headers: { cookie: scout.cookie, origin: ORIGIN } };
    expectDone(await t.app.inject({ method: 'POST', url: '/api/account/data-export', ...own }), 'export');
    await ok('POST', `/users/${rook.userId}/sessions/end`, {});
    expectDone(
      await t.app.inject({
        method: 'POST',
        url: '/api/account/deletion',
        ...own,
        payload: { password: 'correct horse battery' },
      }),
      'deletion',
    );
  }

  it('writes each, with the data the web’s samples read, a sentence with names, and edits as before → after', async () => {
    await catalogueItemsAndShop();
    await catalogueMerch();
    await catalogueTheater();
    await catalogueProgrammes();
    await cataloguePlayers();

    const problems: string[] = [];
    for (const action of Object.keys(ADMIN_LOG_ACTIONS)) {
      const page = await ok<{ rows: AdminLogEntry[] }>('GET', `/admin-log?action=${encodeURIComponent(action)}`);
      const entry = page.rows[0];
      if (!entry) {
        if (!(action in WRITTEN_ELSEWHERE)) problems.push(`${action}: no route of the walk wrote it`);
        continue;
      }
      const sample = ADMIN_LOG_SAMPLES[action] ?? {};
      const keys = (data: LogData) => Object.keys(data).sort().join(', ');
      if (keys(entry.data) !== keys(sample)) {
        problems.push(`${action}: writes ${keys(entry.data)}; the sample has ${keys(sample)}`);
      }
      const sentence = sentenceText(entry);
      if (/undefined|null|\[object Object\]|…/.test(sentence)) problems.push(`${action}: “${sentence}”`);
      for (const id of [admin.userId, scout.userId, rook.userId]) {
        if (sentence.includes(id)) problems.push(`${action}: a raw id in “${sentence}”`);
      }
      if (isEdit(sample)) {
        const { changes } = adminLogDetails(action, entry.data);
        if (
          !changes?.length ||
          changes.some((change) => JSON.stringify(change.before) === JSON.stringify(change.after))
        ) {
          problems.push(`${action}: an edit without a real before → after (${JSON.stringify(entry.data)})`);
        }
      }
    }
    expect(problems).toEqual([]);
    // The entries name people by their accounts: the player page, the report, the order link from them.
    const suspended = await ok<{ rows: AdminLogEntry[] }>('GET', '/admin-log?action=user.suspend');
    expect(suspended.rows[0]?.people[rook.userId]).toMatchObject({ displayName: 'Rook' });
  });
});
