import type { AdminListPage } from '@outpost/contracts/admin-list';
import type { AdminLogEntry } from '@outpost/contracts/backoffice';
import { unknownItemsMessage } from '@outpost/contracts/items';
import {
  type DistributeRewardInput,
  type EveryoneReward,
  type EveryoneRewardResult,
  REWARD_MAX_RECIPIENTS,
  REWARD_MESSAGES,
} from '@outpost/contracts/rewards';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUpRoles } from '../identity/testing';
import { putNamedTestItems } from '../items/testing';
import { type JobDefinition, JobRunner } from '../platform/jobs/runner';
import { QUIET_JOB_LOG } from '../platform/jobs/testing';
import { errorAnswer } from '../testing/error-answer';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { REWARD_ADMIN_ACTIONS } from './distribute';
import { everyoneRewardItemUse } from './everyone';
import { EVERYONE_REWARD_JOB, everyoneRewardJob } from './everyone-job';

/** More players than five batches of the job's default size: the last batch is a short one. */
const CROWD = 5 * REWARD_MAX_RECIPIENTS + 37;
const MINUTE = 60_000;

describe.each(TEST_DIALECTS)('rewards to everyone on %s', (dialect) => {
  let t: TestApp;
  let roles: Record<'player' | 'moderator' | 'staff' | 'admin', SignedIn>;
  /** Every player account: the roles' and the crowd's. */
  let everyone: string[];
  /** An account being deleted: not a player any more. */
  const leaving = 'crowd-leaving';
  let clock = Date.parse('2026-12-10T12:00:00.000Z');
  const now = () => new Date(clock);
  const db = () => t.stores.game.development;
  let counter = 0;
  const reward = (): DistributeRewardInput => {
    counter += 1;
    return {
      requestID: `everyone-${counter}`,
      audience: 'everyone',
      credits: 25,
      items: [{ itemID: 'taco' }],
      reason: 'Thanks, everyone',
    };
  };

  beforeAll(async () => {
    // The app's own runner stays out of the way: each test runs the job with runners of its own.
    t = await buildTestApp(dialect, { jobPollMs: 60 * MINUTE });
    roles = await signUpRoles(t.app, t.stores.identity, {
      player: [],
      moderator: ['moderator'],
      staff: ['staff'],
      admin: ['admin'],
    });
    const template = await t.stores.identity
      .selectFrom('auth_users')
      .selectAll()
      .where('id', '=', roles.player.userId)
      .executeTakeFirstOrThrow();
    const crowd = Array.from({ length: CROWD }, (_, index) => `crowd-${String(index).padStart(5, '0')}`);
    for (let start = 0; start < crowd.length; start += 200) {
      await t.stores.identity
        .insertInto('auth_users')
        .values(crowd.slice(start, start + 200).map((id) => ({ ...template, id, email: `${id}@example.com` })))
        .execute();
    }
    await t.stores.identity
      .insertInto('auth_users')
      .values({ ...template, id: leaving, email: `${leaving}@example.com` })
      .execute();
    await t.stores.identity
      .insertInto('account_deletions')
      .values({
        anonymous_id: 'deleted-leaving',
        user_id: leaving,
        email: `${leaving}@example.com`,
        display_name: null,
        requested_by: 'player',
        environment: 'development',
        requested_at: now().toISOString(),
        lease_until: null,
        completed_at: null,
      })
      .execute();
    everyone = [...Object.values(roles).map((role) => role.userId), ...crowd].sort();
    await putNamedTestItems(db(), { taco: 'Taco' });
  });
  afterAll(async () => {
    await t.cleanup();
  });

  const send = (data: unknown, caller: SignedIn | null = roles.admin) =>
    t.app.inject({
      method: 'POST',
      url: '/api/callable/development-admin-distributereward',
      headers: caller ? { authorization: caller.bearer } : {},
      payload: { data } as object,
    });
  const sent = async (data: DistributeRewardInput) => {
    const response = await send(data);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: EveryoneRewardResult }).data;
  };
  const read = (url: string, caller: SignedIn = roles.admin) =>
    t.app.inject({ url, headers: { authorization: caller.bearer } });
  const listed = async () => {
    const response = await read('/api/admin/development/rewards/everyone');
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as AdminListPage<EveryoneReward>;
  };
  const logOf = async (requestID: string) => {
    const response = await read(
      `/api/admin/development/admin-log?action=${REWARD_ADMIN_ACTIONS.distribute}&pageSize=500`,
    );
    return (response.json() as AdminListPage<AdminLogEntry>).rows.filter((entry) => entry.data.requestID === requestID);
  };
  const jobsOf = (requestID: string) =>
    t.stores.identity
      .selectFrom('jobs')
      .selectAll()
      .where('name', '=', EVERYONE_REWARD_JOB)
      .where('key', '=', `development:${requestID}`)
      .orderBy('id')
      .execute();
  /** Each player's rows of this distribution: ledger credits, items, recipients. */
  const given = async (requestID: string) => {
    const reference = `reward:${requestID}:%`;
    const credits = await db()
      .selectFrom('credit_ledger')
      .select(['user_id', 'amount'])
      .where('reference', 'like', reference)
      .orderBy('user_id')
      .execute();
    const items = await db()
      .selectFrom('claimed_items')
      .select(sql<number>`count(*)`.as('count'))
      .where('reference', 'like', reference)
      .executeTakeFirstOrThrow();
    const recipients = await db()
      .selectFrom('reward_recipients')
      .select('user_id')
      .where('request_id', '=', requestID)
      .orderBy('user_id')
      .execute();
    // Sorted here: the database's collation need not be JavaScript's code-unit order.
    return {
      credited: credits.map((row) => row.user_id).sort(),
      amounts: new Set(credits.map((row) => row.amount)),
      items: Number(items.count),
      recipients: recipients.map((row) => row.user_id).sort(),
    };
  };
  const expectEveryoneOnce = async (requestID: string) => {
    const rows = await given(requestID);
    expect(rows.credited).toEqual(everyone);
    expect(rows.recipients).toEqual(everyone);
    expect(rows.amounts).toEqual(new Set([25]));
    expect(rows.items).toBe(everyone.length);
  };
  const runner = (definition: JobDefinition, instanceId = 'one') =>
    new JobRunner({ db: t.stores.identity, definitions: [definition], log: QUIET_JOB_LOG, now, instanceId });
  const job = () => everyoneRewardJob({ game: t.stores.game, identity: t.stores.identity });

  it('counts the players it would reach: every account but one being deleted', async () => {
    const response = await read('/api/admin/development/rewards/everyone/players');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ players: everyone.length });
  });

  it('logs and queues at once, then gives every player once, in batches', async () => {
    const request = reward();
    const answer = await sent(request);
    expect(answer).toEqual({
      requestID: request.requestID,
      reason: 'Thanks, everyone',
      credits: 25,
      items: [{ itemID: 'taco', quantity: 1, name: 'Taco' }],
      distributedAt: expect.any(String),
      distributedBy: roles.admin.userId,
      distributor: { userID: roles.admin.userId, displayName: 'admin-role', email: 'admin@example.com' },
      audience: 'everyone',
      state: 'queued',
      playersAtSend: everyone.length,
      reached: 0,
      startedAt: null,
      finishedAt: null,
      lastError: null,
    });
    // The admin-log entry is there before anybody is given anything.
    expect((await logOf(request.requestID)).map((entry) => entry.data)).toEqual([
      expect.objectContaining({ audience: 'everyone', players: everyone.length, credits: 25 }),
    ]);
    expect((await given(request.requestID)).credited).toEqual([]);
    expect(await jobsOf(request.requestID)).toEqual([expect.objectContaining({ status: 'pending' })]);

    expect(await runner(job()).runDue()).toBe(1);
    await expectEveryoneOnce(request.requestID);
    const [row] = (await listed()).rows.filter((listedRow) => listedRow.requestID === request.requestID);
    expect(row).toMatchObject({ state: 'done', reached: everyone.length, finishedAt: expect.any(String) });
    // The list names the items and who sent it, as the send's answer does.
    expect(row).toMatchObject({ items: answer.items, distributor: answer.distributor });

    // Sent again: the same distribution, done; nothing logged, queued or given.
    expect(await sent(request)).toMatchObject({ state: 'done', reached: everyone.length });
    expect(await logOf(request.requestID)).toHaveLength(1);
    expect(await jobsOf(request.requestID)).toEqual([expect.objectContaining({ status: 'done' })]);
    await expectEveryoneOnce(request.requestID);
  });

  it('resumes a run killed after its first batch from the checkpoint, giving nobody twice', async () => {
    const request = reward();
    await sent(request);
    const real = job();
    let killed = false;
    // Dies right after its first batch committed, before anything else.
    const dying: JobDefinition = {
      ...real,
      run: (payload, run) =>
        real.run(payload, {
          ...run,
          extendLease: async () => {
            killed = true;
            throw new Error('killed');
          },
        }),
    };
    expect(await runner(dying).runDue()).toBe(1);
    expect(killed).toBe(true);
    const [halfway] = (await listed()).rows.filter((row) => row.requestID === request.requestID);
    expect(halfway).toMatchObject({ state: 'running', reached: REWARD_MAX_RECIPIENTS });
    expect((await given(request.requestID)).credited).toHaveLength(REWARD_MAX_RECIPIENTS);

    // Due again after the runner's pause: another instance finishes it.
    clock += MINUTE;
    expect(await runner(real, 'two').runDue()).toBe(1);
    await expectEveryoneOnce(request.requestID);
    expect(await jobsOf(request.requestID)).toEqual([
      expect.objectContaining({ status: 'done', attempts: 2, locked_by: 'two' }),
    ]);
  });

  it('lets an instance whose lease ran out stop when another took the run over', async () => {
    const request = reward();
    await sent(request);
    const real = job();
    const two = runner(real, 'two');
    let tookOver = 0;
    // Instance one stalls after its first batch past its lease; instance two takes the run over and ends it.
    const stalling: JobDefinition = {
      ...real,
      run: (payload, run) =>
        real.run(payload, {
          ...run,
          extendLease: async () => {
            if (tookOver === 0) {
              clock += 10 * MINUTE;
              tookOver = await two.runDue();
            }
            return run.extendLease();
          },
        }),
    };
    expect(await runner(stalling).runDue()).toBe(1);
    expect(tookOver).toBe(1);
    await expectEveryoneOnce(request.requestID);
    const [row] = (await listed()).rows.filter((listedRow) => listedRow.requestID === request.requestID);
    expect(row).toMatchObject({ state: 'done', reached: everyone.length });
    // One's late finish changed nothing: the run is two's.
    expect(await jobsOf(request.requestID)).toEqual([expect.objectContaining({ status: 'done', locked_by: 'two' })]);
  });

  it('marks a distribution failed when its job gives up, and a resend resumes it', async () => {
    const request = reward();
    await sent(request);
    const real = job();
    const broken: JobDefinition = {
      ...real,
      run: (payload, run) =>
        real.run(payload, {
          ...run,
          extendLease: async () => {
            throw new Error('The store went away.');
          },
        }),
    };
    // The runner keeps the attempts the run was queued with: one, for this test.
    await t.stores.identity
      .updateTable('jobs')
      .set({ max_attempts: 1 })
      .where('key', '=', `development:${request.requestID}`)
      .execute();
    expect(await runner(broken).runDue()).toBe(1);
    const [failed] = (await listed()).rows.filter((row) => row.requestID === request.requestID);
    expect(failed).toMatchObject({
      state: 'failed',
      reached: REWARD_MAX_RECIPIENTS,
      lastError: 'The store went away.',
    });

    const resumed = await sent(request);
    expect(resumed).toMatchObject({ state: 'queued', reached: REWARD_MAX_RECIPIENTS, lastError: null });
    expect(await logOf(request.requestID)).toHaveLength(2);
    expect(await runner(real).runDue()).toBe(1);
    await expectEveryoneOnce(request.requestID);
  });

  it('makes one distribution of identical requests sent at once', async () => {
    const request = reward();
    const answers = await Promise.all(Array.from({ length: 10 }, () => send(request)));
    // While it waits, its item is in use: deleting it would leave the batches an unknown item.
    expect(await everyoneRewardItemUse(db(), 'taco')).toBe(
      `the reward to everyone "${request.requestID}", still being given`,
    );
    expect(await everyoneRewardItemUse(db(), 'boba-tea')).toBeNull();
    for (const response of answers) expect(response.statusCode, response.body).toBe(200);
    expect(new Set(answers.map((response) => (response.json() as { data: EveryoneRewardResult }).data.state))).toEqual(
      new Set(['queued']),
    );
    expect(await logOf(request.requestID)).toHaveLength(1);
    expect(await jobsOf(request.requestID)).toHaveLength(1);
    expect((await listed()).rows.filter((row) => row.requestID === request.requestID)).toHaveLength(1);
    expect(await runner(job()).runDue()).toBe(1);
    await expectEveryoneOnce(request.requestID);
    expect(await everyoneRewardItemUse(db(), 'taco')).toBeNull();
  });

  it('refuses bad input with the field’s message, recording and queueing nothing', async () => {
    const before = (await listed()).total;
    const request = reward();
    const unknownItem = await send({ ...request, items: [{ itemID: 'jetpack' }] });
    expect(unknownItem.statusCode).toBe(400);
    const unknownItemMessage = `${unknownItemsMessage(['jetpack'], 'development')} Nothing was given.`;
    expect(unknownItem.json()).toEqual(
      errorAnswer('invalid-argument', unknownItemMessage, {
        unknownItemIDs: ['jetpack'],
        // The item's row, for the form to mark.
        fields: { 'items.0.itemID': unknownItemMessage },
      }),
    );
    const cases: [object, string][] = [
      [{ ...request, userIDs: [roles.player.userId] }, REWARD_MESSAGES.bothRecipients],
      [{ ...request, audience: 'all' }, `audience: ${REWARD_MESSAGES.audience}`],
      [{ ...request, credits: 0, items: [] }, `credits: ${REWARD_MESSAGES.nothingToGive}`],
      [{ ...request, reason: '' }, `reason: ${REWARD_MESSAGES.reasonRequired}`],
    ];
    for (const [data, message] of cases) {
      const response = await send(data);
      expect(response.statusCode, message).toBe(400);
      expect(response.json()).toEqual(errorAnswer('invalid-argument', message));
    }
    expect(REWARD_MESSAGES.audience).toContain("'everyone'");
    expect((await listed()).total).toBe(before);
    expect(await logOf(request.requestID)).toEqual([]);
    expect(await jobsOf(request.requestID)).toEqual([]);
  });

  it('is for admins only: the send, the count and the list', async () => {
    const request = reward();
    for (const caller of [roles.moderator, roles.staff, roles.player]) {
      expect((await send(request, caller)).statusCode).toBe(403);
      expect((await read('/api/admin/development/rewards/everyone', caller)).statusCode).toBe(403);
      expect((await read('/api/admin/development/rewards/everyone/players', caller)).statusCode).toBe(403);
    }
    expect((await send(request, null)).statusCode).toBe(401);
    expect(await jobsOf(request.requestID)).toEqual([]);
  });
});
