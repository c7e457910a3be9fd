import type { AdminListPage } from '@outpost/contracts/admin-list';
import {
  CLAIM_CODE_MESSAGES,
  type ClaimCodeBatch,
  type ClaimCodeBatchSummary,
  type CreateClaimCodeBatchInput,
  claimCodeTakenMessage,
  GENERATED_CODE_PATTERN,
  type RedeemCodeResult,
} from '@outpost/contracts/claim-codes';
import { ITEM_MESSAGES, unknownItemsMessage } from '@outpost/contracts/items';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameDatabase } from '../database';
import { setProfileKeys } from '../identity/queries';
import { type SignedIn, signUpPlayers, signUpWithProfile } from '../identity/testing';
import { seedItems } from '../items/seed';
import { putNamedTestItems } from '../items/testing';
import { getBalance } from '../ledger/ledger';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import {
  CLAIM_CODE_ACTIONS,
  claimCodeRewardItemUse,
  createClaimCodeBatch,
  findClaimCodeBatch,
  NoFreeCodeNamesError,
  redeemClaimCode,
} from './queries';
import { seedClaimCodes } from './seed';
import { CROWD_RATE_LIMITS, createBatchThrough, newBatchInput, redeemThrough } from './testing';

const CROWD = 200;
/** The items of items-master the tests' batches grant, and their names, which the answers carry. */
const REWARD_ITEMS = { taco: 'Taco', 'boba-tea': 'Boba Tea', bottle_cap: 'Bottle Cap' };
const TACO = { itemID: 'taco', name: 'Taco' };
const BOBA_TEA = { itemID: 'boba-tea', name: 'Boba Tea' };

describe.each(TEST_DIALECTS)('redemption codes on %s', (dialect) => {
  let t: TestApp;
  let staff: SignedIn;
  let admin: SignedIn;
  let moderator: SignedIn;
  let user: SignedIn;
  /** Players no test redeems the same code with twice, unless it means to. */
  let players: SignedIn[];
  let batchCounter = 0;
  const db = () => t.stores.game.development;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { rateLimits: CROWD_RATE_LIMITS });
    const setKeys = (id: string, keys: string[]) => setProfileKeys(t.stores.identity, id, keys);
    staff = await signUpWithProfile(t.app, setKeys, {
      email: 'staff@example.com',
      displayName: 'staffer',
      keys: ['staff'],
    });
    admin = await signUpWithProfile(t.app, setKeys, {
      email: 'admin@example.com',
      displayName: 'adminer',
      keys: ['admin'],
    });
    moderator = await signUpWithProfile(t.app, setKeys, {
      email: 'mod@example.com',
      displayName: 'moddy',
      keys: ['moderator'],
    });
    user = await signUpWithProfile(t.app, setKeys, { email: 'user@example.com', displayName: 'usery' });
    for (const env of ['development', 'beta'] as const) await putNamedTestItems(t.stores.game[env], REWARD_ITEMS);
    players = await signUpPlayers(t.app, t.stores.identity, 'player', CROWD);
  });
  afterAll(async () => {
    await t.cleanup();
  });

  /** A batch created by staff; its name is unique so searches find only it. */
  async function create(overrides: Partial<CreateClaimCodeBatchInput> = {}, env = 'development') {
    batchCounter += 1;
    const response = await createBatchThrough(
      t.app,
      staff.bearer,
      env,
      newBatchInput({ batchName: `Batch ${batchCounter}`, ...overrides }),
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ClaimCodeBatch;
  }

  function read(claimCodeID: string, auth = staff.bearer, env = 'development') {
    return t.app.inject({ url: `/api/admin/${env}/claim-codes/${claimCodeID}`, headers: { authorization: auth } });
  }

  async function list(query: Record<string, string>, auth = staff.bearer) {
    const response = await t.app.inject({
      url: `/api/admin/development/claim-codes?${new URLSearchParams(query)}`,
      headers: { authorization: auth },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as AdminListPage<ClaimCodeBatchSummary>;
  }

  function remove(claimCodeID: string, auth = admin.bearer) {
    return t.app.inject({
      method: 'DELETE',
      url: `/api/admin/development/claim-codes/${claimCodeID}`,
      headers: { authorization: auth },
    });
  }

  function adminLog(action: string, env: 'development' | 'beta' = 'development') {
    return t.stores.game[env].selectFrom('admin_log').selectAll().where('action', '=', action).orderBy('id').execute();
  }

  /** The ledger rows a batch's redemptions wrote. */
  function ledgerOf(claimCodeID: string) {
    return db().selectFrom('credit_ledger').selectAll().where('reference', 'like', `code:${claimCodeID}:%`).execute();
  }

  async function usesLeft(code: string): Promise<number | undefined> {
    const row = await db().selectFrom('claim_codes').select('uses_left').where('code', '=', code).executeTakeFirst();
    return row?.uses_left;
  }

  describe('creating a batch', () => {
    it('generates batchQuantity codes of two random 3-character groups, all different, created available', async () => {
      const batch = await create({ batchQuantity: 50, uses: 2, type: '  promo  ' });
      expect(batch).toMatchObject({
        batchName: `Batch ${batchCounter}`,
        type: 'promo',
        uses: 2,
        credits: 250,
        rewards: ['taco', 'boba-tea'],
        rewardItems: [TACO, BOBA_TEA],
        isAvailable: true,
        usedCodes: [],
      });
      expect(batch.claimCodeID).toMatch(/^[a-z0-9]{16}$/);
      expect(batch.availableCodes).toHaveLength(50);
      expect(new Set(batch.availableCodes).size).toBe(50);
      for (const code of batch.availableCodes) expect(code).toMatch(GENERATED_CODE_PATTERN);
      expect((await read(batch.claimCodeID)).json()).toEqual(batch);
    });

    it('appends createRedemptionCodes with the batch details, the environment, the time and the admin', async () => {
      const before = await adminLog(CLAIM_CODE_ACTIONS.create);
      const batch = await create({ batchQuantity: 2, credits: 0, rewards: ['taco'] });
      const entries = await adminLog(CLAIM_CODE_ACTIONS.create);
      expect(entries).toHaveLength(before.length + 1);
      const entry = entries.at(-1);
      expect(entry).toMatchObject({ environment: 'development', admin: staff.userId, timestamp: batch.createdAt });
      expect(JSON.parse(entry?.data ?? '{}')).toEqual({
        claimCodeID: batch.claimCodeID,
        batchName: batch.batchName,
        type: 'giveaway',
        uses: 1,
        credits: 0,
        batchQuantity: 2,
        rewards: ['taco'],
        customCodeName: null,
      });
    });

    it('uses a custom name only for a batch of one: spaces become hyphens, lowercased, URL-encoded', async () => {
      const plain = await create({ batchQuantity: 1, customCodeName: '  Summer   Sale 2026 ' });
      expect(plain.availableCodes).toEqual(['summer-sale-2026']);
      const accented = await create({ batchQuantity: 1, customCodeName: 'Café Crème' });
      expect(accented.availableCodes).toEqual([encodeURIComponent('café-crème')]);
      // An empty custom name means generated codes.
      const generated = await create({ batchQuantity: 1, customCodeName: '   ' });
      expect(generated.availableCodes[0]).toMatch(GENERATED_CODE_PATTERN);

      const many = await createBatchThrough(
        t.app,
        staff.bearer,
        'development',
        newBatchInput({ batchQuantity: 2, customCodeName: 'two-of-us' }),
      );
      expect(many.statusCode).toBe(400);
      expect(many.json().error.message).toContain(CLAIM_CODE_MESSAGES.customNameOnlyForOne);
    });

    it('refuses a custom name the environment already has with 409, leaving no entry and no batch', async () => {
      await create({ batchQuantity: 1, customCodeName: 'welcome back' });
      const entries = await adminLog(CLAIM_CODE_ACTIONS.create);
      const batches = await db().selectFrom('claim_code_batches').select('claim_code_id').execute();
      const taken = await createBatchThrough(
        t.app,
        staff.bearer,
        'development',
        newBatchInput({ batchQuantity: 1, customCodeName: 'WELCOME BACK' }),
      );
      expect(taken.statusCode, taken.body).toBe(409);
      const takenMessage = claimCodeTakenMessage('welcome-back', 'development');
      // The form marks its Custom code name field with it.
      expect(taken.json().error).toMatchObject({
        message: takenMessage,
        details: { fields: { customCodeName: takenMessage } },
      });
      expect(await adminLog(CLAIM_CODE_ACTIONS.create)).toHaveLength(entries.length);
      expect(await db().selectFrom('claim_code_batches').select('claim_code_id').execute()).toHaveLength(
        batches.length,
      );
      // Codes are unique per environment: beta has its own.
      const beta = await create({ batchQuantity: 1, customCodeName: 'welcome back' }, 'beta');
      expect(beta.availableCodes).toEqual(['welcome-back']);
    });

    it.each([
      ['an empty batch name', { batchName: '  ' }, CLAIM_CODE_MESSAGES.batchNameRequired],
      ['an empty type', { type: '' }, CLAIM_CODE_MESSAGES.typeRequired],
      ['a type of 41 characters', { type: 'x'.repeat(41) }, 'A type can be at most 40 characters.'],
      ['0 uses', { uses: 0 }, CLAIM_CODE_MESSAGES.usesInvalid],
      ['fractional uses', { uses: 1.5 }, CLAIM_CODE_MESSAGES.usesInvalid],
      ['negative credits', { credits: -1 }, CLAIM_CODE_MESSAGES.creditsInvalid],
      ['a batch quantity of 0', { batchQuantity: 0 }, CLAIM_CODE_MESSAGES.quantityInvalid],
      ['a batch quantity of 1001', { batchQuantity: 1001 }, CLAIM_CODE_MESSAGES.quantityInvalid],
      ['a reward that is no item ID', { rewards: ['two words'] }, ITEM_MESSAGES.itemIdCharacters],
      ['nothing to grant', { credits: 0, rewards: [] }, CLAIM_CODE_MESSAGES.nothingToGrant],
    ])('refuses %s with 400 and the form’s message', async (_name, overrides, message) => {
      const response = await createBatchThrough(t.app, staff.bearer, 'development', newBatchInput(overrides));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.message).toContain(message);
    });

    it('refuses rewards that items-master does not have, leaving no entry', async () => {
      const entries = await adminLog(CLAIM_CODE_ACTIONS.create);
      const response = await createBatchThrough(
        t.app,
        staff.bearer,
        'development',
        newBatchInput({ rewards: ['taco', 'golden-spoon', 'golden-spoon'] }),
      );
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.message).toBe(unknownItemsMessage(['golden-spoon'], 'development'));
      expect(await adminLog(CLAIM_CODE_ACTIONS.create)).toHaveLength(entries.length);
    });

    it('holds back from deletion an item that a batch with codes left grants', async () => {
      expect(await claimCodeRewardItemUse(db(), 'bottle_cap')).toBeNull();
      const batch = await create({ batchName: 'Caps', batchQuantity: 1, rewards: ['bottle_cap'] });
      // An id that is only part of a reward's id is not a use of it.
      expect(await claimCodeRewardItemUse(db(), 'bottle')).toBeNull();
      expect(await claimCodeRewardItemUse(db(), 'bottle_cap')).toBe(
        `a reward of the code batch "Caps" (${batch.claimCodeID})`,
      );
      // The items screen's delete asks it (registerItemRoutes' itemUses).
      const refused = await t.app.inject({
        method: 'DELETE',
        url: '/api/admin/development/items/bottle_cap',
        headers: { authorization: staff.bearer },
      });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().error.message).toContain(batch.claimCodeID);
      expect((await redeemThrough(t.app, user.bearer, batch.availableCodes[0] as string)).statusCode).toBe(200);
      expect(await claimCodeRewardItemUse(db(), 'bottle_cap')).toBeNull();
    });

    it('creates the largest batch, 1000 codes, in one go', async () => {
      const batch = await create({ batchQuantity: 1000 });
      expect(new Set(batch.availableCodes).size).toBe(1000);
    });
  });

  describe('names that collide', () => {
    const context = { environment: 'development', admin: 'admin-test' } as const;
    /** A generator that answers the given names in turn, then fails the test if asked again. */
    const scripted = (names: string[]) => () => {
      const name = names.shift();
      if (name === undefined) throw new Error('asked for more names than scripted');
      return name;
    };

    it('draws again for a name another code has and for one the batch already holds', async () => {
      const existing = await create({ batchQuantity: 1, customCodeName: 'aaa-111' });
      const claimCodeID = await createClaimCodeBatch(
        db(),
        { ...newBatchInput(), batchName: 'Collisions', rewards: [], batchQuantity: 3 },
        context,
        // aaa-111 exists; bbb-222 twice in one batch; then fresh names fill the batch.
        scripted(['aaa-111', 'bbb-222', 'bbb-222', 'ccc-333', 'ddd-444']),
      );
      const batch = await findClaimCodeBatch(db(), claimCodeID);
      expect(batch?.availableCodes).toEqual(['bbb-222', 'ccc-333', 'ddd-444']);
      expect((await findClaimCodeBatch(db(), existing.claimCodeID))?.availableCodes).toEqual(['aaa-111']);
    });

    it('gives up on a generator that only answers taken names, leaving nothing behind', async () => {
      await create({ batchQuantity: 1, customCodeName: 'zzz-999' });
      const entries = await adminLog(CLAIM_CODE_ACTIONS.create);
      const attempt = createClaimCodeBatch(
        db(),
        { ...newBatchInput(), batchName: 'Stuck', rewards: [] },
        context,
        () => 'zzz-999',
      );
      await expect(attempt).rejects.toThrow(NoFreeCodeNamesError);
      expect(await adminLog(CLAIM_CODE_ACTIONS.create)).toHaveLength(entries.length);
      expect(
        await db().selectFrom('claim_code_batches').selectAll().where('batch_name', '=', 'Stuck').execute(),
      ).toEqual([]);
    });

    it('rolls the entry and the batch back when writing the codes fails', async () => {
      const entries = await adminLog(CLAIM_CODE_ACTIONS.create);
      const attempt = createClaimCodeBatch(
        db(),
        { ...newBatchInput(), batchName: 'Broken', rewards: [] },
        context,
        () => {
          throw new Error('generator broke');
        },
      );
      await expect(attempt).rejects.toThrow('generator broke');
      expect(await adminLog(CLAIM_CODE_ACTIONS.create)).toHaveLength(entries.length);
      expect(
        await db().selectFrom('claim_code_batches').selectAll().where('batch_name', '=', 'Broken').execute(),
      ).toEqual([]);
    });
  });

  describe('the admin list, one batch, delete', () => {
    it('lists only available batches by default and every batch with show=all; searches name and claimCodeID', async () => {
      const open = await create({ batchName: 'Needle open', batchQuantity: 2 });
      const spent = await create({ batchName: 'Needle spent', batchQuantity: 1 });
      const [code] = spent.availableCodes;
      expect((await redeemThrough(t.app, user.bearer, code as string)).statusCode).toBe(200);

      const available = await list({ search: 'NEEDLE' });
      expect(available.rows.map((row) => row.claimCodeID)).toEqual([open.claimCodeID]);
      expect(available.rows[0]).toMatchObject({ availableCount: 2, usedCount: 0, isAvailable: true });

      const all = await list({ search: 'needle', show: 'all', sort: 'batchName', order: 'asc' });
      expect(all.rows.map((row) => row.batchName)).toEqual(['Needle open', 'Needle spent']);
      expect(all.rows[1]).toMatchObject({ availableCount: 0, usedCount: 1, isAvailable: false });

      const byId = await list({ search: spent.claimCodeID, show: 'all' });
      expect(byId.rows.map((row) => row.claimCodeID)).toEqual([spent.claimCodeID]);
      const wildcard = await list({ search: '%', show: 'all' });
      expect(wildcard.total).toBe(0);

      const page = await list({ pageSize: '1', page: '2', show: 'all' });
      expect(page.rows).toHaveLength(1);
      expect(page.total).toBeGreaterThan(2);
    });

    it('reads a missing batch as null with 200 (docs/product.md §8.5)', async () => {
      const response = await read('nosuchbatch');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toBeNull();
    });

    it('deletes a batch with deleteCodeBatch logged first; its codes stop working, the credits they gave stay', async () => {
      const batch = await create({ batchQuantity: 2, uses: 5, credits: 40 });
      const [first, second] = batch.availableCodes as [string, string];
      const player = players[0] as SignedIn;
      expect((await redeemThrough(t.app, player.bearer, first)).statusCode).toBe(200);

      const response = await remove(batch.claimCodeID);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ claimCodeID: batch.claimCodeID });
      const entry = (await adminLog(CLAIM_CODE_ACTIONS.delete)).at(-1);
      expect(entry).toMatchObject({ environment: 'development', admin: admin.userId });
      expect(JSON.parse(entry?.data ?? '{}')).toEqual({ claimCodeID: batch.claimCodeID, batchName: batch.batchName });

      expect((await read(batch.claimCodeID)).json()).toBeNull();
      const gone = await redeemThrough(t.app, user.bearer, second);
      expect(gone.statusCode).toBe(404);
      expect(gone.json().error.message).toBe(CLAIM_CODE_MESSAGES.notFound);
      expect(await ledgerOf(batch.claimCodeID)).toHaveLength(1);
      expect(
        await db().selectFrom('claim_code_redemptions').selectAll().where('code', 'in', [first, second]).execute(),
      ).toEqual([]);
    });

    it('answers 404 for a batch that is not there, logging nothing', async () => {
      const entries = await adminLog(CLAIM_CODE_ACTIONS.delete);
      const response = await remove('nosuchbatch');
      expect(response.statusCode).toBe(404);
      expect(await adminLog(CLAIM_CODE_ACTIONS.delete)).toHaveLength(entries.length);
    });

    it('lets one of two concurrent deletes through and logs once', async () => {
      const batch = await create();
      const entries = await adminLog(CLAIM_CODE_ACTIONS.delete);
      const responses = await Promise.all([remove(batch.claimCodeID), remove(batch.claimCodeID)]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 404]);
      expect(await adminLog(CLAIM_CODE_ACTIONS.delete)).toHaveLength(entries.length + 1);
    });

    it('refuses moderators and players every admin route, and visitors the redeem route', async () => {
      const batch = await create();
      for (const caller of [moderator, user]) {
        const calls = [
          t.app.inject({ url: '/api/admin/development/claim-codes', headers: { authorization: caller.bearer } }),
          createBatchThrough(t.app, caller.bearer, 'development', newBatchInput()),
          read(batch.claimCodeID, caller.bearer),
          remove(batch.claimCodeID, caller.bearer),
        ];
        for (const response of await Promise.all(calls)) expect(response.statusCode, response.body).toBe(403);
      }
      const anonymous = await t.app.inject({
        method: 'POST',
        url: '/api/account/redeem-code',
        payload: { code: batch.availableCodes[0] },
      });
      expect(anonymous.statusCode).toBe(401);
      expect(await usesLeft(batch.availableCodes[0] as string)).toBe(1);
    });
  });

  describe('redeeming', () => {
    it('grants the credits and reward items once, typed in any case and with spaces around it', async () => {
      const batch = await create({ batchQuantity: 1, uses: 3, credits: 120 });
      const code = batch.availableCodes[0] as string;
      const player = players[1] as SignedIn;
      const before = await getBalance(db(), player.userId);
      const response = await redeemThrough(t.app, player.bearer, `  ${code.toUpperCase()} `);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json() as RedeemCodeResult).toEqual({
        code,
        credits: 120,
        rewards: ['taco', 'boba-tea'],
        rewardItems: [TACO, BOBA_TEA],
        balance: before + 120,
      });
      const [entry] = await ledgerOf(batch.claimCodeID);
      expect(entry).toMatchObject({
        user_id: player.userId,
        amount: 120,
        reason: 'redemption',
        reference: `code:${batch.claimCodeID}:${code}:${player.userId}`,
      });
      const items = await db()
        .selectFrom('claimed_items')
        .select(['item_id', 'quantity', 'source'])
        .where('reference', '=', entry?.reference as string)
        .orderBy('item_id')
        .execute();
      expect(items).toEqual([
        { item_id: 'boba-tea', quantity: 1, source: 'redemption' },
        { item_id: 'taco', quantity: 1, source: 'redemption' },
      ]);
      expect(await usesLeft(code)).toBe(2);

      const again = await redeemThrough(t.app, player.bearer, code);
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toMatchObject({
        message: CLAIM_CODE_MESSAGES.alreadyRedeemed,
        details: { code: 'code-already-redeemed' },
      });
      expect(await getBalance(db(), player.userId)).toBe(before + 120);
    });

    it('finds a custom code as a player types it', async () => {
      const batch = await create({ batchQuantity: 1, customCodeName: 'Crème Brûlée' });
      const response = await redeemThrough(t.app, (players[2] as SignedIn).bearer, '  CRÈME   brûlée ');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().code).toBe(batch.availableCodes[0]);
    });

    it('grants reward items without a ledger row when the batch has no credits', async () => {
      const batch = await create({ batchQuantity: 1, credits: 0, rewards: ['taco', 'taco'] });
      const player = players[3] as SignedIn;
      const before = await getBalance(db(), player.userId);
      const response = await redeemThrough(t.app, player.bearer, batch.availableCodes[0] as string);
      expect(response.json()).toMatchObject({
        credits: 0,
        rewards: ['taco', 'taco'],
        rewardItems: [TACO, TACO],
        balance: before,
      });
      expect(await ledgerOf(batch.claimCodeID)).toEqual([]);
      const items = await db()
        .selectFrom('claimed_items')
        .select(['item_id', 'quantity'])
        .where('user_id', '=', player.userId)
        .where('reference', 'like', `code:${batch.claimCodeID}:%`)
        .execute();
      expect(items).toEqual([{ item_id: 'taco', quantity: 2 }]);
    });

    it('says when a code does not exist or is used up', async () => {
      const unknown = await redeemThrough(t.app, user.bearer, 'nope-00');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error).toMatchObject({
        message: CLAIM_CODE_MESSAGES.notFound,
        details: { code: 'code-not-found' },
      });
      const empty = await redeemThrough(t.app, user.bearer, '   ');
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error.message).toContain(CLAIM_CODE_MESSAGES.codeRequired);

      const batch = await create({ batchQuantity: 1 });
      const code = batch.availableCodes[0] as string;
      expect((await redeemThrough(t.app, (players[4] as SignedIn).bearer, code)).statusCode).toBe(200);
      const usedUp = await redeemThrough(t.app, (players[5] as SignedIn).bearer, code);
      expect(usedUp.statusCode).toBe(409);
      expect(usedUp.json().error).toMatchObject({
        message: CLAIM_CODE_MESSAGES.usedUp,
        details: { code: 'code-used-up' },
      });
      // The one who redeemed it hears that they did, not that it is used up.
      const mine = await redeemThrough(t.app, (players[4] as SignedIn).bearer, code);
      expect(mine.json().error.message).toBe(CLAIM_CODE_MESSAGES.alreadyRedeemed);

      const stored = (await read(batch.claimCodeID)).json() as ClaimCodeBatch;
      expect(stored).toMatchObject({ isAvailable: false, availableCodes: [], usedCodes: [code] });
    });

    it(`gives a one-use code to exactly one of ${CROWD} players redeeming it at once, crediting once`, async () => {
      const batch = await create({ batchQuantity: 1, uses: 1, credits: 75 });
      const code = batch.availableCodes[0] as string;
      const responses = await Promise.all(players.map((player) => redeemThrough(t.app, player.bearer, code)));
      const succeeded = responses.filter((response) => response.statusCode === 200);
      expect(succeeded).toHaveLength(1);
      for (const response of responses.filter((each) => each.statusCode !== 200)) {
        expect(response.statusCode, response.body).toBe(409);
        expect(response.json().error.message).toBe(CLAIM_CODE_MESSAGES.usedUp);
      }
      const ledger = await ledgerOf(batch.claimCodeID);
      expect(ledger).toHaveLength(1);
      expect(ledger[0]?.amount).toBe(75);
      expect(await usesLeft(code)).toBe(0);
      expect(((await read(batch.claimCodeID)).json() as ClaimCodeBatch).isAvailable).toBe(false);
    });

    it('lets one player redeem a code once, however many times they send it at once', async () => {
      const batch = await create({ batchQuantity: 1, uses: 10, credits: 30 });
      const code = batch.availableCodes[0] as string;
      const player = players[6] as SignedIn;
      const before = await getBalance(db(), player.userId);
      const responses = await Promise.all(Array.from({ length: 25 }, () => redeemThrough(t.app, player.bearer, code)));
      expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
      for (const response of responses.filter((each) => each.statusCode !== 200)) {
        expect(response.json().error.message).toBe(CLAIM_CODE_MESSAGES.alreadyRedeemed);
      }
      expect(await usesLeft(code)).toBe(9);
      expect(await ledgerOf(batch.claimCodeID)).toHaveLength(1);
      expect(await getBalance(db(), player.userId)).toBe(before + 30);
    });

    it('gives a code of N uses to exactly N of N + 50 players redeeming at once', async () => {
      const uses = 20;
      const batch = await create({ batchQuantity: 1, uses, credits: 10 });
      const code = batch.availableCodes[0] as string;
      const crowd = players.slice(0, uses + 50);
      const responses = await Promise.all(crowd.map((player) => redeemThrough(t.app, player.bearer, code)));
      expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(uses);
      expect(responses.filter((response) => response.statusCode === 409)).toHaveLength(50);
      const ledger = await ledgerOf(batch.claimCodeID);
      expect(ledger).toHaveLength(uses);
      expect(new Set(ledger.map((row) => row.user_id)).size).toBe(uses);
      expect(await usesLeft(code)).toBe(0);
      expect(((await read(batch.claimCodeID)).json() as ClaimCodeBatch).isAvailable).toBe(false);
    });

    it('refuses with 404 the redemptions of a code deleted while they are under way, crediting only the others', async () => {
      const batch = await create({ batchQuantity: 1, uses: 100, credits: 10 });
      const code = batch.availableCodes[0] as string;
      const crowd = players.slice(100, 140);
      const [deleted, ...responses] = await Promise.all([
        remove(batch.claimCodeID),
        ...crowd.map((player) => redeemThrough(t.app, player.bearer, code)),
      ]);
      expect(deleted?.statusCode, deleted?.body).toBe(200);
      for (const response of responses) {
        expect([200, 404], response.body).toContain(response.statusCode);
        if (response.statusCode === 404) expect(response.json().error.message).toBe(CLAIM_CODE_MESSAGES.notFound);
      }
      const credited = await ledgerOf(batch.claimCodeID);
      expect(credited).toHaveLength(responses.filter((response) => response.statusCode === 200).length);
      expect((await redeemThrough(t.app, (players[141] as SignedIn).bearer, code)).statusCode).toBe(404);
    });

    /**
     * Runs `hold` in a transaction of a session of its own, then `redeem`; once the redemption waits on that
     * session (PostgreSQL's pg_blocking_pids), checks that it has written to `written` already (its lock on
     * the table shows), then `end`s the hold. The hold is ended whatever happens, so a failing check leaves
     * no lock behind.
     */
    async function redeemWhileHeld<Outcome>(
      hold: (holder: Kysely<GameDatabase>) => Promise<unknown>,
      redeem: () => Promise<Outcome>,
      { written, end }: { written?: 'credit_ledger' | 'claim_codes'; end: 'commit' | 'rollback' },
    ): Promise<PromiseSettledResult<Outcome>> {
      return db()
        .connection()
        .execute(async (holder) => {
          await sql`begin`.execute(holder);
          let redeemed: Promise<PromiseSettledResult<Outcome>> | undefined;
          try {
            await hold(holder);
            const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(holder);
            const holderPid = rows[0]?.pid;
            redeemed = redeem().then(
              (value) => ({ status: 'fulfilled', value }) as const,
              (reason: unknown) => ({ status: 'rejected', reason }) as const,
            );
            let settled: PromiseSettledResult<Outcome> | undefined;
            void redeemed.then((outcome) => {
              settled = outcome;
            });
            // Asked outside the holder's transaction, which would see the activity as it stood at its first look;
            // among this database's sessions waiting on a lock, the one the holder blocks.
            let waiting: number | undefined;
            const giveUpAt = Date.now() + 10_000;
            while (waiting === undefined && settled === undefined && Date.now() < giveUpAt) {
              const { rows: blocked } = await sql<{ pid: number }>`
                select pid from (
                  select pid from pg_stat_activity
                  where datname = current_database() and wait_event_type = 'Lock'
                ) as waiting_here where ${holderPid} = any(pg_blocking_pids(pid))`.execute(db());
              waiting = blocked[0]?.pid;
              if (waiting === undefined) await new Promise((resolve) => setTimeout(resolve, 20));
            }
            expect(settled, 'the redemption ended without waiting on the held row').toBeUndefined();
            expect(waiting, 'the redemption never waited on the held row').toBeDefined();
            if (written !== undefined) {
              const { rows: locks } = await sql<{ relation: string }>`
                select relation::regclass::text as relation from pg_locks
                where pid = ${waiting as number} and mode = 'RowExclusiveLock'
                  and database = (select oid from pg_database where datname = current_database())
                  and relation = ${written}::regclass`.execute(db());
              expect(locks, `the waiting redemption has written to ${written}`).toHaveLength(1);
            }
          } finally {
            await sql.raw(end).execute(holder);
          }
          return redeemed;
        });
    }

    /*
     * A launch code is one row every redemption writes; on PostgreSQL its lock is held until the commit, so the
     * redemption writes it after the player's own rows. With the row held as another redemption's write holds
     * it, a redemption waits on it having written the player's credits already (its lock on the ledger shows),
     * not before anything as a first statement.
     */
    it.runIf(dialect === 'postgres')('writes the code’s use after the player’s credits', async () => {
      const batch = await create({ batchQuantity: 1, uses: 10, credits: 15 });
      const code = batch.availableCodes[0] as string;
      const player = players[142] as SignedIn;
      const outcome = await redeemWhileHeld(
        (holder) => sql`select code from claim_codes where code = ${code} for no key update`.execute(holder),
        () => redeemClaimCode(db(), { userId: player.userId, code }),
        { written: 'credit_ledger', end: 'rollback' },
      );
      expect(outcome).toMatchObject({ status: 'fulfilled', value: { credits: 15 } });
      expect(await usesLeft(code)).toBe(9);
    });

    /*
     * An item's count of claims is a row every redemption granting the item writes too: it comes after the
     * code's, the order redemptions have always taken the two in, so none holds them crosswise. With the count
     * held, a redemption waits on it having written the code's use already.
     */
    it.runIf(dialect === 'postgres')('writes the items’ counts after the code’s use', async () => {
      const batch = await create({ batchQuantity: 1, uses: 10, credits: 5, rewards: ['taco'] });
      const code = batch.availableCodes[0] as string;
      const player = players[144] as SignedIn;
      await db()
        .insertInto('claimed_item_counts')
        .values({ item_id: 'taco', count: 0 })
        .onConflict((conflict) => conflict.column('item_id').doNothing())
        .execute();
      const outcome = await redeemWhileHeld(
        (holder) =>
          sql`select item_id from claimed_item_counts where item_id = 'taco' for no key update`.execute(holder),
        () => redeemClaimCode(db(), { userId: player.userId, code }),
        { written: 'claim_codes', end: 'rollback' },
      );
      expect(outcome).toMatchObject({ status: 'fulfilled', value: { rewards: ['taco'] } });
      expect(await usesLeft(code)).toBe(9);
    });

    it.runIf(dialect === 'postgres')(
      'answers not found for a code deleted while a redemption is under way',
      async () => {
        const batch = await create({ batchQuantity: 1, uses: 10, credits: 15 });
        const code = batch.availableCodes[0] as string;
        const player = players[143] as SignedIn;
        const outcome = await redeemWhileHeld(
          // The redemption reads the code (the delete is not committed yet), then its row's foreign key waits.
          (holder) => sql`delete from claim_codes where code = ${code}`.execute(holder),
          () => redeemClaimCode(db(), { userId: player.userId, code }),
          { end: 'commit' },
        );
        expect(outcome).toMatchObject({ status: 'rejected', reason: { refusal: 'not-found' } });
        expect(await ledgerOf(batch.claimCodeID)).toHaveLength(0);
      },
    );

    it('marks a batch unavailable when its last two codes are used up at the same moment', async () => {
      for (let round = 0; round < 5; round += 1) {
        const batch = await create({ batchQuantity: 2, uses: 1 });
        const [first, second] = batch.availableCodes as [string, string];
        const responses = await Promise.all([
          redeemThrough(t.app, (players[10 + round * 2] as SignedIn).bearer, first),
          redeemThrough(t.app, (players[11 + round * 2] as SignedIn).bearer, second),
        ]);
        expect(responses.map((response) => response.statusCode)).toEqual([200, 200]);
        const stored = (await read(batch.claimCodeID)).json() as ClaimCodeBatch;
        expect(stored).toMatchObject({ isAvailable: false, availableCodes: [] });
        expect(stored.usedCodes.sort()).toEqual([first, second].sort());
      }
    });

    it('works on the store of APP_ENV only', async () => {
      const beta = await create({ batchQuantity: 1 }, 'beta');
      const response = await redeemThrough(t.app, user.bearer, beta.availableCodes[0] as string);
      expect(response.statusCode).toBe(404);
    });

    it('seeds demo codes a player can redeem, and a re-seed gives them their uses back', async () => {
      // The demo's order: items first, then the codes that grant them.
      await seedItems(db(), new Date());
      await seedClaimCodes(db(), new Date());
      const player = players[30] as SignedIn;
      const first = await redeemThrough(t.app, player.bearer, 'Welcome to the Outpost');
      expect(first.json()).toMatchObject({
        code: 'welcome-to-the-outpost',
        credits: 6000,
        rewards: ['emote-salute'],
        rewardItems: [{ itemID: 'emote-salute', name: 'Salute Emote' }],
      });
      expect(await usesLeft('welcome-to-the-outpost')).toBe(999);
      await seedClaimCodes(db(), new Date());
      expect(await usesLeft('welcome-to-the-outpost')).toBe(1000);
      const listed = await list({ search: 'demo', show: 'all', sort: 'batchName', order: 'asc' });
      expect(listed.rows.map((row) => [row.batchName, row.availableCount])).toEqual([
        ['Radio drop cards', 6],
        ['Welcome to the Outpost', 1],
      ]);
    });

    it('runs the same transaction when called directly', async () => {
      const batch = await create({ batchQuantity: 1, credits: 5, rewards: [] });
      const redeemed = await redeemClaimCode(db(), {
        userId: 'direct-player',
        code: batch.availableCodes[0] as string,
      });
      expect(redeemed).toEqual({ code: batch.availableCodes[0], credits: 5, rewards: [], rewardItems: [], balance: 5 });
    });
  });
});

describe.each(TEST_DIALECTS)('the redeem rate limit on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { rateLimits: { redeemCode: { max: 3, windowMs: 60_000 } } });
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it('slows down one player guessing codes, not the next player', async () => {
    const [guesser, other] = await signUpPlayers(t.app, t.stores.identity, 'guesser', 2);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await redeemThrough(t.app, (guesser as SignedIn).bearer, `abc-00${attempt}`)).statusCode).toBe(404);
    }
    const refused = await redeemThrough(t.app, (guesser as SignedIn).bearer, 'abc-009');
    expect(refused.statusCode).toBe(429);
    expect((await redeemThrough(t.app, (other as SignedIn).bearer, 'abc-009')).statusCode).toBe(404);
  });
});
