import type { AdminListPage } from '@outpost/contracts/admin-list';
import type { AdminLogEntry } from '@outpost/contracts/backoffice';
import { BETA_REQUEST_STATUS } from '@outpost/contracts/beta';
import type { Environment } from '@outpost/contracts/environments';
import { unknownItemsMessage } from '@outpost/contracts/items';
import {
  audienceTooLargeMessage,
  type DistributeRewardInput,
  type DistributeRewardResult,
  emptyAudienceMessage,
  emptySegmentMessage,
  REQUEST_REUSED_CODE,
  REWARD_MAX_RECIPIENTS,
  REWARD_MESSAGES,
  rewardRequestReusedMessage,
  segmentTooLargeMessage,
  unknownSegmentMessage,
  unknownUsersMessage,
} from '@outpost/contracts/rewards';
import type { SegmentDefinition, SegmentSize } from '@outpost/contracts/segments/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptBetaRequest, requestBetaEntry } from '../beta/requests';
import { setProfileKeys } from '../identity/queries';
import { type SignedIn, signUpPlayers, signUpRoles } from '../identity/testing';
import { putNamedTestItems, putTestItems } from '../items/testing';
import { getBalance } from '../ledger/ledger';
import { giveProfiles } from '../partners/testing';
import { errorAnswer } from '../testing/error-answer';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { REWARD_ADMIN_ACTIONS, rewardReference } from './distribute';

const CONCURRENT_REPEATS = 20;

describe.each(TEST_DIALECTS)('reward distribution on %s', (dialect) => {
  let t: TestApp;
  let roles: Record<'player' | 'moderator' | 'staff' | 'admin', SignedIn>;
  let players: SignedIn[];
  const db = (environment: Environment = 'development') => t.stores.game[environment];
  let requestCounter = 0;
  const newRequestID = () => {
    requestCounter += 1;
    return `req-${requestCounter}`;
  };
  let playerCounter = 0;
  /** Players no earlier test rewarded. */
  const freshPlayers = (count: number) => {
    const chosen = players.slice(playerCounter, playerCounter + count);
    playerCounter += count;
    if (chosen.length < count) throw new Error('out of test players');
    return chosen.map((player) => player.userId);
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    roles = await signUpRoles(t.app, t.stores.identity, {
      player: [],
      moderator: ['moderator'],
      staff: ['staff'],
      admin: ['admin'],
    });
    players = await signUpPlayers(t.app, t.stores.identity, 'rewarded', 40);
    await putNamedTestItems(db(), { taco: 'Taco', 'boba-tea': 'Boba Tea', hoodie: 'Hoodie' });
    await putTestItems(db('production'), ['taco']);
  });
  afterAll(async () => {
    await t.cleanup();
  });

  const distribute = (data: unknown, caller: SignedIn | null = roles.admin, environment: Environment = 'development') =>
    t.app.inject({
      method: 'POST',
      url: `/api/callable/${environment}-admin-distributereward`,
      headers: caller ? { authorization: caller.bearer } : {},
      payload: { data } as object,
    });
  const distributed = async (data: DistributeRewardInput, environment: Environment = 'development') => {
    const response = await distribute(data, roles.admin, environment);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: DistributeRewardResult }).data;
  };
  /** A reward of credits and a taco to a group of players (an audience or a segment), under a new requestID. */
  const tacoRewardTo = (
    group: Pick<DistributeRewardInput, 'audience' | 'segmentID'>,
    credits: number,
    reason: string,
  ): DistributeRewardInput => ({ requestID: newRequestID(), ...group, credits, items: [{ itemID: 'taco' }], reason });
  const rewardLog = async (environment: Environment = 'development') => {
    const response = await t.app.inject({
      url: `/api/admin/${environment}/admin-log?action=${REWARD_ADMIN_ACTIONS.distribute}&pageSize=500`,
      headers: { authorization: roles.admin.bearer },
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as AdminListPage<AdminLogEntry>).rows;
  };
  const ledgerOf = (userId: string, environment: Environment = 'development') =>
    db(environment)
      .selectFrom('credit_ledger')
      .select(['amount', 'reason', 'reference'])
      .where('user_id', '=', userId)
      .execute();
  const itemsOf = (userId: string, environment: Environment = 'development') =>
    db(environment)
      .selectFrom('claimed_items')
      .select(['item_id', 'quantity', 'source', 'reference'])
      .where('user_id', '=', userId)
      .orderBy('item_id')
      .execute();

  it('gives each player the credits and items once, with its admin-log entry, and a repeat gives nothing', async () => {
    const userIDs = freshPlayers(3);
    const requestID = newRequestID();
    const reward = {
      requestID,
      userIDs,
      credits: 250,
      items: [{ itemID: 'taco', quantity: 2 }, { itemID: 'boba-tea' }],
      reason: ' Sorry for Tuesday’s outage ',
    };
    const logBefore = await rewardLog();
    const first = await distributed(reward);
    // The answer names what it stores by id: the items, the admin, the players.
    const recipients = userIDs.map((userID) => ({
      userID,
      displayName: null,
      email: players.find((player) => player.userId === userID)?.email,
    }));
    expect(first).toEqual({
      requestID,
      reason: 'Sorry for Tuesday’s outage',
      credits: 250,
      items: [
        { itemID: 'boba-tea', quantity: 1, name: 'Boba Tea' },
        { itemID: 'taco', quantity: 2, name: 'Taco' },
      ],
      distributedAt: expect.any(String),
      distributedBy: roles.admin.userId,
      distributor: { userID: roles.admin.userId, displayName: 'admin-role', email: 'admin@example.com' },
      audience: null,
      segment: null,
      given: userIDs,
      alreadyGiven: [],
      recipients,
    });
    for (const userId of userIDs) {
      expect(await getBalance(db(), userId)).toBe(250);
      const reference = rewardReference(requestID, userId);
      expect(await ledgerOf(userId)).toEqual([{ amount: 250, reason: 'reward', reference }]);
      expect(await itemsOf(userId)).toEqual([
        { item_id: 'boba-tea', quantity: 1, source: 'reward', reference },
        { item_id: 'taco', quantity: 2, source: 'reward', reference },
      ]);
    }
    const log = await rewardLog();
    expect(log).toHaveLength(logBefore.length + 1);
    expect(log[0]).toMatchObject({
      action: 'reward.distribute',
      environment: 'development',
      admin: roles.admin.userId,
      timestamp: first.distributedAt,
      data: {
        requestID,
        reason: 'Sorry for Tuesday’s outage',
        credits: 250,
        items: first.items.map(({ itemID, quantity }) => ({ itemID, quantity })),
        userIDs,
        reached: 3,
      },
    });
    expect(log[0]?.data).not.toHaveProperty('audience');
    expect(log[0]?.data).not.toHaveProperty('segmentID');

    const repeat = await distributed(reward);
    expect(repeat).toEqual({ ...first, given: [], alreadyGiven: userIDs });
    for (const userId of userIDs) {
      expect(await getBalance(db(), userId)).toBe(250);
      expect(await itemsOf(userId)).toHaveLength(2);
    }
    // A repeat that gives nothing changes nothing, so it logs nothing.
    expect(await rewardLog()).toHaveLength(log.length);
  });

  it(`credits once when ${CONCURRENT_REPEATS} sendings of one request race`, async () => {
    const userIDs = freshPlayers(5);
    const requestID = newRequestID();
    const reward = { requestID, userIDs, credits: 40, items: [{ itemID: 'hoodie' }], reason: 'Launch party' };
    const logBefore = await rewardLog();
    const responses = await Promise.all(Array.from({ length: CONCURRENT_REPEATS }, () => distribute(reward)));
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    const results = responses.map((response) => (response.json() as { data: DistributeRewardResult }).data);
    const winners = results.filter((result) => result.given.length > 0);
    expect(winners).toHaveLength(1);
    expect(winners[0]?.given).toEqual(userIDs);
    for (const result of results.filter((candidate) => candidate !== winners[0])) {
      expect(result).toMatchObject({ given: [], alreadyGiven: userIDs, distributedAt: winners[0]?.distributedAt });
    }
    for (const userId of userIDs) {
      expect(await getBalance(db(), userId)).toBe(40);
      expect(await ledgerOf(userId)).toHaveLength(1);
      expect(await itemsOf(userId)).toEqual([
        { item_id: 'hoodie', quantity: 1, source: 'reward', reference: rewardReference(requestID, userId) },
      ]);
    }
    expect(await rewardLog()).toHaveLength(logBefore.length + 1);
  });

  it('gives a resent request only to the players it has not reached, even while it races', async () => {
    const [first, second, third] = freshPlayers(3) as [string, string, string];
    const requestID = newRequestID();
    const reward = { requestID, credits: 15, reason: 'Bug bounty' };
    await distributed({ ...reward, userIDs: [first] });
    const responses = await Promise.all([
      distribute({ ...reward, userIDs: [first, second] }),
      distribute({ ...reward, userIDs: [third, second, first] }),
    ]);
    const given = responses.flatMap((response) => (response.json() as { data: DistributeRewardResult }).data.given);
    expect(given.sort()).toEqual([second, third].sort());
    for (const userId of [first, second, third]) expect(await getBalance(db(), userId)).toBe(15);
  });

  it('refuses a requestID sent again with another reward (409), giving nothing', async () => {
    const [player, other] = freshPlayers(2) as [string, string];
    const requestID = newRequestID();
    const first = await distributed({ requestID, userIDs: [player], credits: 10, reason: 'Weekly quest' });
    const logBefore = await rewardLog();
    for (const changed of [{ credits: 11 }, { reason: 'Another quest' }, { items: [{ itemID: 'taco' }] }]) {
      const response = await distribute({
        requestID,
        userIDs: [player, other],
        credits: 10,
        reason: 'Weekly quest',
        ...changed,
      });
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toEqual(
        errorAnswer('aborted', rewardRequestReusedMessage(requestID, first.distributedAt), {
          code: REQUEST_REUSED_CODE,
        }),
      );
    }
    expect(await getBalance(db(), player)).toBe(10);
    expect(await getBalance(db(), other)).toBe(0);
    expect(await rewardLog()).toHaveLength(logBefore.length);
  });

  it('names unknown players and unknown items (400) and gives nobody anything', async () => {
    const [player] = freshPlayers(1) as [string];
    const logBefore = await rewardLog();
    const noSuchPlayers = await distribute({
      requestID: newRequestID(),
      userIDs: [player, 'ghost-1', 'ghost-2'],
      credits: 5,
      reason: 'Test',
    });
    expect(noSuchPlayers.statusCode).toBe(400);
    expect(noSuchPlayers.json()).toEqual(
      errorAnswer('invalid-argument', unknownUsersMessage(['ghost-1', 'ghost-2']), {
        unknownUserIDs: ['ghost-1', 'ghost-2'],
        // The field at fault, for the form to mark.
        fields: { userIDs: unknownUsersMessage(['ghost-1', 'ghost-2']) },
      }),
    );

    const requestID = newRequestID();
    const noSuchItems = await distribute({
      requestID,
      userIDs: [player],
      credits: 5,
      items: [{ itemID: 'taco' }, { itemID: 'jetpack' }],
      reason: 'Test',
    });
    expect(noSuchItems.statusCode).toBe(400);
    expect(noSuchItems.json()).toEqual(
      errorAnswer('invalid-argument', `${unknownItemsMessage(['jetpack'], 'development')} Nothing was given.`, {
        unknownItemIDs: ['jetpack'],
        // The row of the unknown item, the second, for the form to mark.
        fields: { 'items.1.itemID': `${unknownItemsMessage(['jetpack'], 'development')} Nothing was given.` },
      }),
    );
    expect(await getBalance(db(), player)).toBe(0);
    expect(await itemsOf(player)).toEqual([]);
    expect(await rewardLog()).toHaveLength(logBefore.length);
    // The refused request left no trace: the same requestID works once the reward is right.
    expect((await distributed({ requestID, userIDs: [player], credits: 5, reason: 'Test' })).given).toEqual([player]);
  });

  it('refuses malformed rewards with the field’s message', async () => {
    const [player] = freshPlayers(1) as [string];
    const valid = { requestID: newRequestID(), userIDs: [player], credits: 5, reason: 'Test' };
    const tooMany = Array.from({ length: REWARD_MAX_RECIPIENTS + 1 }, (_, index) => `user-${index}`);
    const cases: [object, string][] = [
      [{ ...valid, userIDs: tooMany }, `userIDs: ${REWARD_MESSAGES.userIDs}`],
      [{ ...valid, userIDs: [] }, `userIDs: ${REWARD_MESSAGES.userIDs}`],
      [{ ...valid, userIDs: [player, player] }, `userIDs: ${REWARD_MESSAGES.userIDsUnique}`],
      [{ ...valid, credits: 0 }, `credits: ${REWARD_MESSAGES.nothingToGive}`],
      [{ ...valid, credits: -5 }, `credits: ${REWARD_MESSAGES.credits}`],
      [{ ...valid, credits: 2.5 }, `credits: ${REWARD_MESSAGES.credits}`],
      [{ ...valid, items: [{ itemID: 'taco', quantity: 0 }] }, `items.0.quantity: ${REWARD_MESSAGES.quantity}`],
      [{ ...valid, items: [{ itemID: 'taco' }, { itemID: 'taco' }] }, `items: ${REWARD_MESSAGES.itemsUnique}`],
      [{ ...valid, requestID: 'has:colon' }, `requestID: ${REWARD_MESSAGES.requestID}`],
      [{ ...valid, reason: '  ' }, `reason: ${REWARD_MESSAGES.reasonRequired}`],
      [{ ...valid, userIDs: undefined }, REWARD_MESSAGES.noRecipients],
      [{ ...valid, audience: 'partners' }, REWARD_MESSAGES.bothRecipients],
      [{ ...valid, segmentID: 'whales' }, REWARD_MESSAGES.bothRecipients],
      [{ ...valid, userIDs: undefined, audience: 'partners', segmentID: 'whales' }, REWARD_MESSAGES.bothRecipients],
      [{ ...valid, userIDs: undefined, segmentID: ' ' }, `segmentID: ${REWARD_MESSAGES.segmentID}`],
      [{ ...valid, userIDs: undefined, audience: 'nobody' }, `audience: ${REWARD_MESSAGES.audience}`],
    ];
    for (const [data, message] of cases) {
      const response = await distribute(data);
      expect(response.statusCode, message).toBe(400);
      expect(response.json()).toEqual(errorAnswer('invalid-argument', message));
    }
    expect(await getBalance(db(), player)).toBe(0);
  });

  it('is for admins only: moderators, staff and players get 403, visitors 401', async () => {
    const [player] = freshPlayers(1) as [string];
    const reward = { requestID: newRequestID(), userIDs: [player], credits: 5, reason: 'Test' };
    for (const caller of [roles.moderator, roles.staff, roles.player]) {
      expect((await distribute(reward, caller)).statusCode).toBe(403);
    }
    expect((await distribute(reward, null)).statusCode).toBe(401);
    expect(await getBalance(db(), player)).toBe(0);
  });

  it('gives in the environment the callable names, checking that environment’s items', async () => {
    const [player] = freshPlayers(1) as [string];
    const requestID = newRequestID();
    const refused = await distribute(
      { requestID, userIDs: [player], credits: 7, items: [{ itemID: 'hoodie' }], reason: 'Prod only' },
      roles.admin,
      'production',
    );
    expect(refused.statusCode).toBe(400);
    const result = await distributed(
      { requestID, userIDs: [player], credits: 7, items: [{ itemID: 'taco' }], reason: 'Prod only' },
      'production',
    );
    expect(result.given).toEqual([player]);
    expect(await getBalance(db('production'), player)).toBe(7);
    expect(await itemsOf(player, 'production')).toHaveLength(1);
    expect(await getBalance(db(), player)).toBe(0);
    expect(await rewardLog('production')).toHaveLength(1);
  });

  describe('to an audience', () => {
    const now = () => new Date();
    /** Players who asked to join the beta of `environment`, as the account area asks. */
    const requestBeta = async (userIDs: readonly string[], environment: Environment = 'development') => {
      for (const userId of userIDs) {
        await requestBetaEntry(db(environment), {
          userId,
          email: `${userId}@example.com`,
          displayName: userId,
          data: {},
          now: now(),
        });
      }
    };
    /** Their requests accepted (status 2), as the beta screen accepts them. */
    const acceptBeta = async (userIDs: readonly string[], environment: Environment = 'development') => {
      const expiration = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString();
      for (const userId of userIDs) {
        await acceptBetaRequest(db(environment), userId, expiration, { environment, admin: roles.admin.userId });
      }
    };
    /** Everyone made a partner here, sorted: the partners audience is all of them, in every environment. */
    const partnerIDs: string[] = [];
    const makePartners = async (userIDs: readonly string[]) => {
      await giveProfiles(
        t.stores.identity,
        userIDs.map((userId) => ({ userId })),
        `partner-${partnerIDs.length}`,
      );
      for (const userId of userIDs) await setProfileKeys(t.stores.identity, userId, ['partner']);
      partnerIDs.push(...userIDs);
      partnerIDs.sort();
    };
    const sorted = (userIDs: readonly string[]) => [...userIDs].sort();
    const acceptedTesters = async () =>
      (
        await db()
          .selectFrom('beta_requests')
          .select('user_id')
          .where('status', '=', BETA_REQUEST_STATUS.accepted)
          .execute()
      ).map((row) => row.user_id);

    // First, while nobody is a partner and production has no beta tester.
    it('refuses an empty audience (400), logging nothing', async () => {
      const logBefore = await rewardLog('production');
      for (const audience of ['beta-testers', 'partners'] as const) {
        const response = await distribute(
          { requestID: newRequestID(), audience, credits: 5, reason: 'Nobody' },
          roles.admin,
          'production',
        );
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json()).toEqual(errorAnswer('invalid-argument', emptyAudienceMessage(audience, 'production')));
      }
      expect(await rewardLog('production')).toHaveLength(logBefore.length);
    });

    it('gives the players accepted into the environment’s beta, and a resent request only those accepted since', async () => {
      const [early, late, waiting, elsewhere] = freshPlayers(4) as [string, string, string, string];
      await requestBeta([early, late, waiting]);
      await acceptBeta([early]);
      await requestBeta([elsewhere], 'beta');
      await acceptBeta([elsewhere], 'beta');
      // Players other tests accepted into development's beta belong to the audience too.
      const testers = sorted([...(await acceptedTesters()), late]);
      await acceptBeta([late]);
      const reward = tacoRewardTo({ audience: 'beta-testers' }, 30, 'Beta week');
      const { requestID } = reward;
      const logBefore = await rewardLog();

      const first = await distributed(reward);
      expect(first).toMatchObject({ requestID, audience: 'beta-testers', given: testers, alreadyGiven: [] });
      expect(testers).toContain(early);
      for (const userId of testers) {
        expect(await getBalance(db(), userId)).toBe(30);
        expect(await itemsOf(userId)).toEqual([
          { item_id: 'taco', quantity: 1, source: 'reward', reference: rewardReference(requestID, userId) },
        ]);
      }
      for (const userId of [waiting, elsewhere]) expect(await getBalance(db(), userId)).toBe(0);
      const log = await rewardLog();
      expect(log).toHaveLength(logBefore.length + 1);
      expect(log[0]?.data).toEqual({
        requestID,
        reason: 'Beta week',
        credits: 30,
        items: [{ itemID: 'taco', quantity: 1 }],
        audience: 'beta-testers',
        userIDs: testers,
        reached: testers.length,
      });

      // Sent again: nobody new, nothing logged.
      expect(await distributed(reward)).toMatchObject({ given: [], alreadyGiven: testers });
      expect(await rewardLog()).toHaveLength(log.length);

      // The audience grew: the same request reaches the new tester only.
      await acceptBeta([waiting]);
      const grown = await distributed(reward);
      expect(grown).toMatchObject({ given: [waiting], alreadyGiven: testers, distributedAt: first.distributedAt });
      expect(await getBalance(db(), waiting)).toBe(30);
      for (const userId of testers) expect(await ledgerOf(userId)).toHaveLength(1);
      const grownLog = await rewardLog();
      expect(grownLog).toHaveLength(log.length + 1);
      expect(grownLog[0]?.data).toMatchObject({
        audience: 'beta-testers',
        userIDs: sorted([...testers, waiting]),
        reached: 1,
      });
    });

    it('gives the players with the partner key, once, however many sendings race', async () => {
      const [first, second, moderator, lookalike] = freshPlayers(4) as [string, string, string, string];
      await makePartners([first, second]);
      await giveProfiles(t.stores.identity, [{ userId: moderator }, { userId: lookalike }], 'not-partner');
      await setProfileKeys(t.stores.identity, moderator, ['moderator']);
      await setProfileKeys(t.stores.identity, lookalike, ['partner-candidate']);
      const requestID = newRequestID();
      const reward = { requestID, audience: 'partners', credits: 20, reason: 'Partner thanks' } as const;
      const logBefore = await rewardLog();

      const responses = await Promise.all(Array.from({ length: CONCURRENT_REPEATS }, () => distribute(reward)));
      for (const response of responses) expect(response.statusCode, response.body).toBe(200);
      const results = responses.map((response) => (response.json() as { data: DistributeRewardResult }).data);
      const winners = results.filter((result) => result.given.length > 0);
      expect(winners).toHaveLength(1);
      expect(winners[0]).toMatchObject({ audience: 'partners', given: partnerIDs, alreadyGiven: [] });
      for (const result of results.filter((candidate) => candidate !== winners[0])) {
        expect(result).toMatchObject({ audience: 'partners', given: [], alreadyGiven: partnerIDs });
      }
      for (const userId of partnerIDs) {
        expect(await getBalance(db(), userId)).toBe(20);
        expect(await ledgerOf(userId)).toHaveLength(1);
      }
      for (const userId of [moderator, lookalike]) expect(await getBalance(db(), userId)).toBe(0);
      const log = await rewardLog();
      expect(log).toHaveLength(logBefore.length + 1);
      expect(log[0]?.data).toMatchObject({ audience: 'partners', userIDs: partnerIDs, reached: partnerIDs.length });

      // Under the same requestID another reward is still refused, audience or not.
      const changed = await distribute({ ...reward, credits: 21 });
      expect(changed.statusCode, changed.body).toBe(409);
      expect(changed.json()).toMatchObject({ error: { details: { code: REQUEST_REUSED_CODE } } });
      for (const userId of partnerIDs) expect(await getBalance(db(), userId)).toBe(20);
    });

    it('gives each member once while sendings race the audience’s growth, each log entry counting whom it reached', async () => {
      const [tester, ...joining] = freshPlayers(4) as [string, ...string[]];
      await requestBeta([tester, ...joining]);
      await acceptBeta([tester]);
      const requestID = newRequestID();
      const reward = { requestID, audience: 'beta-testers', credits: 3, reason: 'Race day' } as const;
      const [responses] = await Promise.all([
        Promise.all(Array.from({ length: CONCURRENT_REPEATS }, () => distribute(reward))),
        Promise.all(joining.map((userId) => acceptBeta([userId]))),
      ]);
      for (const response of responses) expect(response.statusCode, response.body).toBe(200);
      // Whoever joined after the last racing sending is reached by one more.
      await distributed(reward);
      const testers = await acceptedTesters();
      expect(testers).toEqual(expect.arrayContaining([tester, ...joining]));
      for (const userId of testers) {
        const reference = rewardReference(requestID, userId);
        expect((await ledgerOf(userId)).filter((row) => row.reference === reference)).toEqual([
          { amount: 3, reason: 'reward', reference },
        ]);
      }
      const entries = (await rewardLog()).filter((entry) => entry.data.requestID === requestID);
      expect(
        entries.map((entry) => entry.data.reached).reduce((sum: number, reached) => sum + Number(reached), 0),
      ).toBe(testers.length);
      for (const entry of entries) expect(entry.data.reached).toBeGreaterThan(0);
    });

    it(`refuses an audience of more than ${REWARD_MAX_RECIPIENTS} players (400, saying how many), giving nobody anything`, async () => {
      const crowd = await signUpPlayers(t.app, t.stores.identity, 'crowd', REWARD_MAX_RECIPIENTS + 1);
      const crowdIDs = crowd.map((player) => player.userId);
      await requestBeta(crowdIDs, 'beta');
      await db('beta')
        .updateTable('beta_requests')
        .set({ status: BETA_REQUEST_STATUS.accepted, accepted_at: now().toISOString() })
        .where('user_id', 'in', crowdIDs)
        .execute();
      await makePartners(crowdIDs);
      const testersInBeta = REWARD_MAX_RECIPIENTS + 2; // the crowd, and the tester accepted there earlier
      const logBefore = await rewardLog('beta');
      for (const [audience, size] of [
        ['beta-testers', testersInBeta],
        ['partners', partnerIDs.length],
      ] as const) {
        const response = await distribute(
          { requestID: newRequestID(), audience, credits: 9, reason: 'Too many' },
          roles.admin,
          'beta',
        );
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json()).toEqual(
          errorAnswer('invalid-argument', audienceTooLargeMessage(audience, 'beta', size), { audienceSize: size }),
        );
      }
      expect(await rewardLog('beta')).toHaveLength(logBefore.length);
      const given = await db('beta')
        .selectFrom('credit_ledger')
        .select('user_id')
        .where('user_id', 'in', crowdIDs)
        .execute();
      expect(given).toEqual([]);
    });
  });

  describe('to a segment', () => {
    /** A segment of `environment` made as the segments screen makes it. */
    const createSegment = async (
      segmentID: string,
      name: string,
      definition: SegmentDefinition,
      environment: Environment = 'development',
    ) => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/admin/${environment}/segments`,
        headers: { authorization: roles.admin.bearer },
        payload: { segmentID, name, description: '', definition },
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    /**
     * The segment's size after reading the players' attributes again: a reward finds a segment's
     * players in the latest reading, so what a test wrote before counts only once read.
     */
    const recount = async (definition: SegmentDefinition, environment: Environment = 'development') => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/admin/${environment}/segments/size`,
        headers: { authorization: roles.admin.bearer },
        payload: { definition, recount: true },
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as SegmentSize).size;
    };
    const grantCredits = async (userIDs: readonly string[], amount: number) => {
      for (const userID of userIDs) {
        const response = await t.app.inject({
          method: 'POST',
          url: `/api/admin/development/users/${userID}/credits`,
          headers: { authorization: roles.admin.bearer },
          payload: { direction: 'grant', amount, reason: 'Segment test' },
        });
        expect(response.statusCode, response.body).toBe(200);
      }
    };
    // Far above what any other test gives, so only the players granted it here hold it.
    const WHALE_CREDITS = 50_000;
    const whales: SegmentDefinition = {
      match: 'all',
      rules: [{ attribute: 'creditsHeld', op: 'atLeast', value: WHALE_CREDITS }],
    };
    const whaleIDs: string[] = [];

    beforeAll(async () => {
      await createSegment('whales', 'Whales', whales);
      const chosen = freshPlayers(3);
      await grantCredits(chosen, WHALE_CREDITS);
      whaleIDs.push(...chosen);
      whaleIDs.sort();
      expect(await recount(whales)).toBe(whaleIDs.length);
    });

    it('gives exactly the segment’s players, logs the segment by ID and name, and a resent request only its new players', async () => {
      const reward = tacoRewardTo({ segmentID: 'whales' }, 5, 'Big spenders');
      const { requestID } = reward;
      const logBefore = await rewardLog();
      const first = await distributed(reward);
      expect(first).toMatchObject({
        requestID,
        audience: null,
        segment: { segmentID: 'whales', name: 'Whales' },
        given: whaleIDs,
        alreadyGiven: [],
        // Counted, not named, as an audience's players are.
        recipients: [],
      });
      for (const userId of whaleIDs) {
        expect(await getBalance(db(), userId)).toBe(WHALE_CREDITS + 5);
        const reference = rewardReference(requestID, userId);
        expect((await ledgerOf(userId)).filter((row) => row.reference === reference)).toEqual([
          { amount: 5, reason: 'reward', reference },
        ]);
        expect(await itemsOf(userId)).toEqual([{ item_id: 'taco', quantity: 1, source: 'reward', reference }]);
      }
      const rewarded = await db()
        .selectFrom('reward_recipients')
        .select('user_id')
        .where('request_id', '=', requestID)
        .orderBy('user_id')
        .execute();
      expect(rewarded.map((row) => row.user_id)).toEqual(whaleIDs);
      const log = await rewardLog();
      expect(log).toHaveLength(logBefore.length + 1);
      expect(log[0]?.data).toEqual({
        requestID,
        reason: 'Big spenders',
        credits: 5,
        items: [{ itemID: 'taco', quantity: 1 }],
        segmentID: 'whales',
        segmentName: 'Whales',
        userIDs: whaleIDs,
        reached: whaleIDs.length,
      });

      // Sent again: nobody new, nothing logged.
      expect(await distributed(reward)).toMatchObject({ given: [], alreadyGiven: whaleIDs });
      expect(await rewardLog()).toHaveLength(log.length);

      // The segment grew: once read again, the same request reaches the new player only.
      const [joining] = freshPlayers(1) as [string];
      await grantCredits([joining], WHALE_CREDITS);
      expect(await recount(whales)).toBe(whaleIDs.length + 1);
      const grown = await distributed(reward);
      expect(grown).toMatchObject({ given: [joining], alreadyGiven: whaleIDs, distributedAt: first.distributedAt });
      expect(await getBalance(db(), joining)).toBe(WHALE_CREDITS + 5);
      whaleIDs.push(joining);
      whaleIDs.sort();
      expect((await rewardLog())[0]?.data).toMatchObject({ segmentID: 'whales', userIDs: whaleIDs, reached: 1 });
    });

    it(`gives once when ${CONCURRENT_REPEATS} sendings of one request to a segment race`, async () => {
      const requestID = newRequestID();
      const reward = { requestID, segmentID: 'whales', credits: 2, reason: 'Whale race' };
      const balances = new Map(
        await Promise.all(whaleIDs.map(async (userId) => [userId, await getBalance(db(), userId)] as const)),
      );
      const logBefore = await rewardLog();
      const responses = await Promise.all(Array.from({ length: CONCURRENT_REPEATS }, () => distribute(reward)));
      for (const response of responses) expect(response.statusCode, response.body).toBe(200);
      const results = responses.map((response) => (response.json() as { data: DistributeRewardResult }).data);
      const winners = results.filter((result) => result.given.length > 0);
      expect(winners).toHaveLength(1);
      expect(winners[0]).toMatchObject({ segment: { segmentID: 'whales', name: 'Whales' }, given: whaleIDs });
      for (const result of results.filter((candidate) => candidate !== winners[0])) {
        expect(result).toMatchObject({ given: [], alreadyGiven: whaleIDs, distributedAt: winners[0]?.distributedAt });
      }
      for (const userId of whaleIDs) {
        expect(await getBalance(db(), userId)).toBe((balances.get(userId) ?? 0) + 2);
        const reference = rewardReference(requestID, userId);
        expect((await ledgerOf(userId)).filter((row) => row.reference === reference)).toHaveLength(1);
      }
      expect(await rewardLog()).toHaveLength(logBefore.length + 1);
    });

    it('refuses an unknown segment and an empty one (400, in words), giving nothing and logging nothing', async () => {
      await createSegment('nobody-rich', 'Nobody rich', {
        match: 'all',
        rules: [{ attribute: 'creditsHeld', op: 'atLeast', value: 1_000_000_000 }],
      });
      const logBefore = await rewardLog();
      const productionLogBefore = await rewardLog('production');
      const reward = { credits: 5, reason: 'Nobody' };

      const unknown = await distribute({ ...reward, requestID: newRequestID(), segmentID: 'no-such-segment' });
      expect(unknown.statusCode, unknown.body).toBe(400);
      const unknownMessage = unknownSegmentMessage('no-such-segment', 'development');
      expect(unknown.json()).toEqual(
        errorAnswer('invalid-argument', unknownMessage, { fields: { segmentID: unknownMessage } }),
      );
      // A segment of another environment is not this one's.
      const elsewhere = await distribute(
        { ...reward, requestID: newRequestID(), segmentID: 'whales' },
        roles.admin,
        'production',
      );
      expect(elsewhere.statusCode, elsewhere.body).toBe(400);
      expect(elsewhere.json()).toMatchObject({
        error: { message: unknownSegmentMessage('whales', 'production') },
      });

      const empty = await distribute({ ...reward, requestID: newRequestID(), segmentID: 'nobody-rich' });
      expect(empty.statusCode, empty.body).toBe(400);
      expect(empty.json()).toEqual(errorAnswer('invalid-argument', emptySegmentMessage('Nobody rich', 'development')));

      expect(await rewardLog()).toHaveLength(logBefore.length);
      expect(await rewardLog('production')).toHaveLength(productionLogBefore.length);
    });

    it(`refuses a segment of more than ${REWARD_MAX_RECIPIENTS} players (400, saying how many), giving nobody anything`, async () => {
      // Every player without credits in beta: the crowd the audience tests signed up among them.
      const broke: SegmentDefinition = {
        match: 'all',
        rules: [{ attribute: 'creditsHeld', op: 'atMost', value: 0 }],
      };
      await createSegment('broke', 'Broke', broke, 'beta');
      const size = await recount(broke, 'beta');
      expect(size).toBeGreaterThan(REWARD_MAX_RECIPIENTS);
      const logBefore = await rewardLog('beta');
      const response = await distribute(
        { requestID: newRequestID(), segmentID: 'broke', credits: 9, reason: 'Too many' },
        roles.admin,
        'beta',
      );
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual(
        errorAnswer('invalid-argument', segmentTooLargeMessage('Broke', 'beta', size), { audienceSize: size }),
      );
      expect(await rewardLog('beta')).toHaveLength(logBefore.length);
      expect(await db('beta').selectFrom('reward_recipients').select('user_id').execute()).toEqual([]);
      expect(await db('beta').selectFrom('credit_ledger').select('user_id').execute()).toEqual([]);
    });
  });
});
