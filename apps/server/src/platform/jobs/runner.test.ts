import type { JobRunPage } from '@outpost/contracts/jobs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppStores } from '../../database';
import { signUpRoles } from '../../identity/testing';
import { buildTestApp, openTestStores, TEST_DIALECTS, type TestStores } from '../../testing/test-stores';
import { enqueueRun, HISTORY_DAYS, type JobDefinition, JobRunner, withdrawRun } from './runner';

const quiet = { info() {}, error() {} };
const MINUTE = 60_000;

describe.each(TEST_DIALECTS)('the job runner on %s', (dialect) => {
  let test: TestStores;
  /** The same stores opened a second time: another instance of the app. */
  let other: AppStores;
  let clock = Date.parse('2026-12-01T12:00:00.000Z');
  const now = () => new Date(clock);

  beforeAll(async () => {
    test = await openTestStores(dialect);
    other = await test.reopen();
  });
  afterAll(async () => {
    await other.close();
    await test.cleanup();
  });
  beforeEach(async () => {
    await test.stores.identity.deleteFrom('jobs').execute();
  });

  const runner = (definitions: JobDefinition[], stores: AppStores = test.stores, instanceId = 'one') =>
    new JobRunner({ db: stores.identity, definitions, log: quiet, now, instanceId });
  /**
   * Another instance of the app. On PostgreSQL a second pool; on SQLite, whose instances are
   * processes of one machine, the same handle: a second connection in this process would block the
   * event loop waiting for the first one's write lock, which only this event loop can release.
   */
  const secondInstance = (definitions: JobDefinition[]) =>
    runner(definitions, dialect === 'postgres' ? other : test.stores, 'two');
  const rows = (name: string) =>
    test.stores.identity.selectFrom('jobs').selectAll().where('name', '=', name).orderBy('id').execute();

  it('runs a periodic job once across two instances, and schedules its next run as the last ends', async () => {
    let runs = 0;
    const tick: JobDefinition = {
      name: 'tick',
      everyMs: MINUTE,
      run: async () => {
        runs += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
      },
    };
    const one = runner([tick]);
    const two = secondInstance([tick]);
    // Both instances start: one run is scheduled, not two. A start's first poll may already have
    // run it while the other instance was still scheduling (its round trip outlasts a 0 ms timer).
    await Promise.all([one.start(), two.start()]);
    await Promise.all([one.stop(), two.stop()]);
    const atStart = new Date(clock).toISOString();
    expect((await rows('tick')).filter((row) => row.run_at === atStart)).toHaveLength(1);
    const ranAtStart = runs;

    const ran = await Promise.all([one.runDue(), two.runDue(), one.runDue(), two.runDue()]);
    expect(ranAtStart + ran.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(runs).toBe(1);
    const [done, next] = await rows('tick');
    expect(done).toMatchObject({ status: 'done', attempts: 1, last_error: null });
    expect(next).toMatchObject({ status: 'pending', attempts: 0, run_at: new Date(clock + MINUTE).toISOString() });
    // Not due yet; a minute later, due once more.
    expect(await one.runDue()).toBe(0);
    clock += MINUTE;
    expect(await Promise.all([one.runDue(), two.runDue()])).toEqual(expect.arrayContaining([1, 0]));
    expect(runs).toBe(2);
  });

  it('runs each of many queued runs exactly once with two instances taking them at once', async () => {
    const seen: number[] = [];
    const work: JobDefinition = {
      name: 'work',
      run: async (payload) => {
        seen.push(payload as number);
      },
    };
    const one = runner([work]);
    const two = secondInstance([work]);
    for (let index = 0; index < 40; index += 1) await one.enqueue('work', index);
    const ran = await Promise.all([one.runDue(), two.runDue(), one.runDue(), two.runDue()]);
    expect(ran.reduce((sum, count) => sum + count, 0)).toBe(40);
    expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, index) => index));
    expect((await rows('work')).every((row) => row.status === 'done')).toBe(true);
  });

  it('runs a run enqueued twice under one key once', async () => {
    let runs = 0;
    const once = runner([
      {
        name: 'mail',
        run: async () => {
          runs += 1;
        },
      },
    ]);
    expect(await once.enqueue('mail', { to: 'a' }, { key: 'welcome:a' })).toBe(true);
    expect(await once.enqueue('mail', { to: 'a' }, { key: 'welcome:a' })).toBe(false);
    expect(await once.runDue()).toBe(1);
    expect(runs).toBe(1);
    // Once finished, the key may be used again.
    expect(await once.enqueue('mail', { to: 'a' }, { key: 'welcome:a' })).toBe(true);
  });

  it('withdraws a waiting run by its key, and leaves a run under way and the other keys alone', async () => {
    const withdrawnWhileRunning: boolean[] = [];
    const mail: JobDefinition = {
      name: 'mail',
      run: async () => {
        withdrawnWhileRunning.push(await withdrawRun(test.stores.identity, mail, 'later:b'));
      },
    };
    const one = runner([mail]);
    const later = new Date(clock + MINUTE);
    await one.enqueue('mail', { to: 'a' }, { key: 'later:a', runAt: later });
    await one.enqueue('mail', { to: 'b' }, { key: 'later:b', runAt: later });
    expect(await withdrawRun(test.stores.identity, mail, 'later:a')).toBe(true);
    expect(await withdrawRun(test.stores.identity, mail, 'later:a')).toBe(false);
    expect((await rows('mail')).map((row) => [row.key, row.status])).toEqual([['later:b', 'pending']]);
    clock += MINUTE;
    expect(await one.runDue()).toBe(1);
    expect(withdrawnWhileRunning).toEqual([false]);
    // Done: history, not a waiting run, so it stays.
    expect(await withdrawRun(test.stores.identity, mail, 'later:b')).toBe(false);
    expect((await rows('mail')).map((row) => [row.key, row.status])).toEqual([['later:b', 'done']]);
  });

  it('retries a failing run after a growing pause, then gives it up with its error', async () => {
    let attempts = 0;
    const told: number[] = [];
    const gaveUp: [unknown, unknown][] = [];
    const flaky = runner([
      {
        name: 'flaky',
        maxAttempts: 3,
        backoffMs: (attempt) => attempt * MINUTE,
        run: async (_payload, run) => {
          attempts += 1;
          told.push(run.attempt);
          throw new Error(`provider down (${attempts})`);
        },
        onGiveUp: async (payload, error) => {
          gaveUp.push([payload, error]);
        },
      },
    ]);
    await flaky.enqueue('flaky', { order: 7 });
    expect(await flaky.runDue()).toBe(1);
    let [row] = await rows('flaky');
    expect(row).toMatchObject({ status: 'pending', attempts: 1, last_error: 'Error: provider down (1)' });
    expect(row?.run_at).toBe(new Date(clock + MINUTE).toISOString());
    expect(await flaky.runDue()).toBe(0);
    clock += MINUTE;
    expect(await flaky.runDue()).toBe(1);
    clock += 2 * MINUTE;
    expect(await flaky.runDue()).toBe(1);
    [row] = await rows('flaky');
    expect(row).toMatchObject({ status: 'failed', attempts: 3, last_error: 'Error: provider down (3)' });
    clock += 60 * MINUTE;
    expect(await flaky.runDue()).toBe(0);
    expect(attempts).toBe(3);
    // Each run knew its attempt; the give-up was told once, with the payload and the last error.
    expect(told).toEqual([1, 2, 3]);
    expect(gaveUp).toEqual([[{ order: 7 }, new Error('provider down (3)')]]);
  });

  it('lets another instance take over a run whose instance stopped, and ignores the late finish', async () => {
    let release: () => void = () => undefined;
    let runs = 0;
    const held: boolean[] = [];
    const slow: JobDefinition = {
      name: 'slow',
      leaseMs: MINUTE,
      run: async (_payload, run) => {
        runs += 1;
        if (runs > 1) return;
        held.push(await run.extendLease());
        await new Promise<void>((resolve) => (release = resolve));
        // Taken over meanwhile: the lease is no longer this instance's to extend.
        held.push(await run.extendLease());
      },
    };
    const one = runner([slow]);
    const two = secondInstance([slow]);
    await one.enqueue('slow', null);
    const stuck = one.runDue();
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Within the lease, nobody else takes it.
    expect(await two.runDue()).toBe(0);
    clock += MINUTE + 1;
    expect(await two.runDue()).toBe(1);
    expect((await rows('slow'))[0]).toMatchObject({ status: 'done', attempts: 2, locked_by: 'two' });
    release();
    await stuck;
    expect((await rows('slow'))[0]).toMatchObject({ status: 'done', locked_by: 'two' });
    expect(runs).toBe(2);
    expect(held).toEqual([true, false]);
  });

  it('takes a run queued due now at once, not at its next poll; a runner told not to wake keeps its pace', async () => {
    const ran: string[] = [];
    const job = (name: string): JobDefinition => ({
      name,
      run: async () => {
        ran.push(name);
      },
    });
    // Polls an hour apart: only the wake can take the runs within the test.
    const woken = new JobRunner({
      db: test.stores.identity,
      definitions: [job('woken')],
      log: quiet,
      now,
      pollMs: 60 * MINUTE,
    });
    const paced = new JobRunner({
      db: test.stores.identity,
      definitions: [job('paced')],
      log: quiet,
      now,
      pollMs: 60 * MINUTE,
      wakes: false,
    });
    await Promise.all([woken.start(), paced.start()]);
    try {
      // The starts' first polls find nothing.
      await new Promise((resolve) => setTimeout(resolve, 50));
      // Queued due now, the run wakes the runners that wake: no call but the enqueue's.
      for (const name of ['woken', 'paced']) await enqueueRun(test.stores.identity, { name }, null, { now: now() });
      await expect.poll(() => ran).toEqual(['woken']);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(ran).toEqual(['woken']);
      expect((await rows('paced')).map((row) => row.status)).toEqual(['pending']);
    } finally {
      await Promise.all([woken.stop(), paced.stop()]);
    }
    // A stopped runner is woken by nothing.
    await enqueueRun(test.stores.identity, { name: 'woken' }, null, { now: now() });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(ran).toEqual(['woken']);
  });

  it(`keeps ${HISTORY_DAYS} days of history`, async () => {
    const history = runner([{ name: 'old', run: async () => undefined }]);
    await history.enqueue('old', null);
    await history.runDue();
    clock += (HISTORY_DAYS + 1) * 24 * 60 * MINUTE;
    await history.enqueue('old', null);
    expect(await history.pruneHistory()).toBe(1);
    expect(await rows('old')).toEqual([expect.objectContaining({ status: 'pending' })]);
  });
});

describe('the jobs history in the back office', () => {
  it('lists the runs of the app’s jobs, newest first, filtered by name and status, for staff and admins', async () => {
    const t = await buildTestApp('sqlite');
    try {
      const { staff, moderator } = await signUpRoles(t.app, t.stores.identity, {
        staff: ['staff'],
        moderator: ['moderator'],
      });
      const list = (who: { bearer: string }, query = '') =>
        t.app.inject({ url: `/api/admin/production/jobs${query}`, headers: { authorization: who.bearer } });
      // The app scheduled (and at once ran) its periodic jobs when it became ready.
      await expect
        .poll(async () => ((await list(staff, '?status=done')).json() as JobRunPage).total)
        .toBeGreaterThanOrEqual(3);
      const page = (await list(staff, '?name=merch.return-lapsed-reservations')).json() as JobRunPage;
      expect(page.rows.map((row) => [row.name, row.status])).toEqual([
        ['merch.return-lapsed-reservations', 'pending'],
        ['merch.return-lapsed-reservations', 'done'],
      ]);
      expect(page.rows[1]).toMatchObject({
        attempts: 1,
        maxAttempts: 5,
        lastError: null,
        instance: expect.any(String),
      });
      expect((await list(moderator)).statusCode).toBe(403);
      expect((await list(staff, '?status=lost')).statusCode).toBe(400);
    } finally {
      await t.cleanup();
    }
  });
});
