import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { countLiveProducts } from './products/queries';
import { seedDemoData, seedIfNew } from './seed';
import { countEmailSignups, recountEmailSignups } from './site/queries';
import { openTestStores, TEST_DIALECTS, type TestStores } from './testing/test-stores';

describe.each(TEST_DIALECTS)('demo data on %s', (dialect) => {
  let t: TestStores;
  afterEach(async () => {
    await t.cleanup();
  });

  it('seeds a new store once, and a store whose demo rows were removed stays as its operator left it', async () => {
    t = await openTestStores(dialect);
    const db = t.stores.game.development;
    expect(await seedIfNew(t.stores, 'development')).toBe(true);
    const seeded = await countEmailSignups(db);
    expect(seeded).toBeGreaterThan(0);
    expect(await countEmailSignups(t.stores.game.production)).toBe(0);
    const products = await db.selectFrom('products').select(['product_id', 'status']).orderBy('product_id').execute();
    expect(products.map((product) => product.status).sort()).toEqual([0, 1, 1, 2]);
    // The demo drop opens a week from now, so the shop shows its countdown.
    const drops = await db.selectFrom('merch_drop_products').select(['drop_id', 'product_id']).execute();
    expect(drops).toEqual([{ drop_id: 'radio-season', product_id: 'radio-tee' }]);

    // Rows removed by hand, around the list's queries: the operator recounts (DESIGN §8).
    await db.deleteFrom('email_signups').execute();
    await recountEmailSignups(db);
    expect(await seedIfNew(t.stores, 'development')).toBe(false);
    expect(await countEmailSignups(db)).toBe(0);

    // A demo product an admin changed is restored by a re-seed, once.
    await db.updateTable('products').set({ status: 1 }).execute();
    await seedDemoData(t.stores, 'development');
    await seedDemoData(t.stores, 'development');
    expect(await countEmailSignups(db)).toBe(seeded);
    expect(await countLiveProducts(db)).toBe(2);
    expect(await db.selectFrom('product_varieties').select('variety_id').execute()).toHaveLength(7);
  });
});

describe('npm run admin', () => {
  const ADMIN = path.join(import.meta.dirname, 'admin.ts');
  const admin = (args: string[], env: Record<string, string> = {}) =>
    spawnSync(process.execPath, ['--import', 'tsx', ADMIN, ...args], {
      env: { PATH: process.env.PATH, ...env },
      encoding: 'utf8',
    });

  it('re-seeds an environment on demand, reading DATA_DIR like the server', async () => {
    const t = await openTestStores('sqlite');
    try {
      const result = admin(['seed', '--env', 'beta'], { DATA_DIR: t.dataDir });
      expect(result.stderr).toBe('');
      expect(result.stdout.trim()).toBe('Seeded the beta store with demo data.');
      expect(result.status).toBe(0);
      expect(await countEmailSignups(t.stores.game.beta)).toBeGreaterThan(0);
    } finally {
      await t.cleanup();
    }
  });

  it('explains its usage for an unknown command and names a bad option value', async () => {
    const unknown = admin(['frobnicate']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('Unknown command "frobnicate".');
    expect(unknown.stderr).toContain('Usage: npm run admin -- <command> [options]');

    const t = await openTestStores('sqlite');
    try {
      const badEnv = admin(['seed', '--env', 'staging'], { DATA_DIR: t.dataDir });
      expect(badEnv.status).toBe(2);
      expect(badEnv.stderr.trim()).toBe('--env must be development, beta or production (got "staging")');
    } finally {
      await t.cleanup();
    }
  });
});
