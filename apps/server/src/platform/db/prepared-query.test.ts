import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { GameDatabase } from '../../database';
import { insertEmailSignup } from '../../site/queries';
import { openTestStores, TEST_DIALECTS, type TestStores } from '../../testing/test-stores';
import { prepareQuery } from './prepared-query';

describe.each(TEST_DIALECTS)('prepareQuery on %s', (dialect) => {
  let t: TestStores;
  afterEach(async () => {
    await t.cleanup();
  });

  it('runs one compiled query with new parameters each time, per database handle', async () => {
    t = await openTestStores(dialect);
    let builds = 0;
    const bySource = prepareQuery((db: Kysely<GameDatabase>, params: { source: string; email: string }) => {
      builds += 1;
      return db
        .selectFrom('email_signups')
        .select('email')
        .where('source', '=', params.source)
        .where('email', '!=', params.email)
        .orderBy('email');
    });
    for (const [env, email, source] of [
      ['development', 'a@example.com', 'landing'],
      ['development', 'b@example.com', 'landing'],
      ['development', 'c@example.com', 'demo'],
      ['beta', 'd@example.com', 'landing'],
    ] as const) {
      await insertEmailSignup(t.stores.game[env], { email, source, createdAt: 'now' });
    }
    const dev = t.stores.game.development;
    expect(await bySource(dev, { source: 'landing', email: 'none' })).toEqual([
      { email: 'a@example.com' },
      { email: 'b@example.com' },
    ]);
    expect(await bySource(dev, { source: 'landing', email: 'a@example.com' })).toEqual([{ email: 'b@example.com' }]);
    expect(await bySource(dev, { source: 'demo', email: 'none' })).toEqual([{ email: 'c@example.com' }]);
    expect(builds).toBe(1);
    expect(await bySource(t.stores.game.beta, { source: 'landing', email: 'none' })).toEqual([
      { email: 'd@example.com' },
    ]);
    expect(builds).toBe(2);
  });

  it('refuses a query that transforms a parameter instead of passing it through', async () => {
    t = await openTestStores(dialect);
    const broken = prepareQuery((db: Kysely<GameDatabase>, params: { prefix: string }) =>
      db.selectFrom('email_signups').selectAll().where('email', 'like', `${params.prefix}%`),
    );
    await expect(broken(t.stores.game.development, { prefix: 'a' })).rejects.toThrow(
      'A prepared query transformed a parameter',
    );
  });
});
