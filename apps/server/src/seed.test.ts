import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { LiveStats } from '@outpost/contracts/game-data';
import type { MerchCatalogue } from '@outpost/contracts/merch';
import type { UserSearchResult } from '@outpost/contracts/user-search';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_PLAYERS } from './identity/index';
import { signUpPlayers, signUpRoles } from './identity/testing';
import { countLiveProducts } from './products/queries';
import { seedDemoData, seedIfNew } from './seed';
import { countEmailSignups, recountEmailSignups } from './site/queries';
import { buildTestApp, openTestStores, TEST_DIALECTS, type TestApp, type TestStores } from './testing/test-stores';

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

    // Rows removed by hand, around the list's queries: the operator recounts (docs/decisions/0010-the-signup-count.md).
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

describe.each(TEST_DIALECTS)('the demo on %s, as a new player meets it', (dialect) => {
  let t: TestApp;
  afterEach(async () => {
    await t.cleanup();
  });

  it('lets the welcome code pay for the merch on sale now, so every flow of the shop can be tried', async () => {
    t = await buildTestApp(dialect);
    await seedDemoData(t.stores, 'development');
    const [player] = await signUpPlayers(t.app, t.stores.identity, 'newcomer', 1);
    const headers = { authorization: player?.bearer ?? '' };
    const redeemed = await t.app.inject({
      method: 'POST',
      url: '/api/account/redeem-code',
      headers,
      payload: { code: 'welcome-to-the-outpost' },
    });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    const catalogue = (await t.app.inject({ method: 'GET', url: '/api/shop/merch', headers })).json() as MerchCatalogue;
    const onSale = catalogue.products.filter((product) => product.orderable).map((product) => product.priceCredits);
    expect(onSale.length).toBeGreaterThan(0);
    const credits = (await t.app.inject({ method: 'GET', url: '/api/account/credits', headers })).json() as {
      balance: number;
    };
    expect(credits.balance).toBeGreaterThanOrEqual(Math.min(...onSale));
  });
});

describe.each(TEST_DIALECTS)('the demo on %s, as a new moderator meets it', (dialect) => {
  let t: TestApp;
  afterEach(async () => {
    await t.cleanup();
  });

  it('gives every map with players on it its data, so the live stats of the demo log no gap on every read', async () => {
    t = await buildTestApp(dialect);
    await seedDemoData(t.stores, 'development');
    const { admin } = await signUpRoles(t.app, t.stores.identity, { admin: ['admin'] });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/development/live-stats',
      headers: { authorization: admin.bearer },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { maps } = response.json() as LiveStats;
    expect(maps.map((map) => map.mapID).sort()).toEqual(['harbor', 'plaza', 'racetrack']);
    expect(maps.filter((map) => map.data === null)).toEqual([]);
  });

  it('finds the player each demo report is about by the name it was filed under, every time it is seeded', async () => {
    t = await buildTestApp(dialect);
    await seedDemoData(t.stores, 'development');
    await seedDemoData(t.stores, 'beta');
    const { moderator } = await signUpRoles(t.app, t.stores.identity, { moderator: ['moderator'] });
    const reported = await t.stores.game.development.selectFrom('reports').select('target').distinct().execute();
    const players = reported.map((row) => row.target).filter((target) => target.startsWith('@'));
    expect(players.sort()).toEqual(DEMO_PLAYERS.map((player) => `@${player.displayName}`).sort());
    for (const target of players) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/admin/development/user-search',
        headers: { authorization: moderator.bearer },
        payload: { query: target.slice(1) },
      });
      expect(response.statusCode, response.body).toBe(200);
      const { hits } = response.json() as UserSearchResult;
      expect(
        hits.map((hit) => hit.profile.displayName),
        target,
      ).toEqual([target.slice(1)]);
    }
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
      // Its pictures went into the file store the server serves from DATA_DIR.
      const pictures = await t.stores.game.beta.selectFrom('product_images').select('image_key').execute();
      expect(pictures).toHaveLength(4);
      for (const { image_key } of pictures) {
        expect(fs.existsSync(path.join(t.dataDir, 'files', image_key)), image_key).toBe(true);
      }
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
