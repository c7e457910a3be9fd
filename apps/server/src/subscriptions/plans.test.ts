import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLogOf } from '../beta/testing';
import { type SignedIn, signUpRoles } from '../identity/testing';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { SUBSCRIPTION_ADMIN_ACTIONS } from './actions';

describe.each(TEST_DIALECTS)('the premium plans on %s', (dialect) => {
  let t: TestApp;
  let accounts: Record<'admin' | 'staff' | 'moderator' | 'player', SignedIn>;
  const call = (who: SignedIn | undefined, method: 'GET' | 'PUT', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: who ? { authorization: who.bearer } : {},
      ...(payload ? { payload } : {}),
    });
  const plans = '/api/admin/development/premium/plans';
  const settings = { annualPriceCents: 5999, monthlyStoreProductId: 'premium.m', annualStoreProductId: 'premium.y' };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    accounts = await signUpRoles(t.app, t.stores.identity, {
      admin: ['admin'],
      staff: ['staff'],
      moderator: ['moderator'],
      player: [],
    });
  });
  afterAll(() => t.cleanup());

  it('sells monthly at $7.99 and annual at its default, shown as the saving it is', async () => {
    const response = await call(undefined, 'GET', '/api/premium/plans');
    expect(response.statusCode).toBe(200);
    expect(response.json().plans).toEqual([
      { planId: 'monthly', priceCents: 799, interval: 'month', discountPercent: 0, storeProductId: 'premium.monthly' },
      { planId: 'annual', priceCents: 6999, interval: 'year', discountPercent: 27, storeProductId: 'premium.annual' },
    ]);
  });

  it('lets staff set the annual price and store product ids, admin-logged, and players see it at once', async () => {
    const saved = await call(accounts.staff, 'PUT', plans, settings);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().plans[1]).toMatchObject({ priceCents: 5999, discountPercent: 37, storeProductId: 'premium.y' });
    expect((await call(accounts.moderator, 'GET', plans)).json()).toEqual(settings);
    expect((await call(undefined, 'GET', '/api/premium/plans')).json().plans[0].storeProductId).toBe('premium.m');
    const [entry] = await adminLogOf(t.stores.game.development, SUBSCRIPTION_ADMIN_ACTIONS.updatePlans);
    expect(entry).toMatchObject({ admin: accounts.staff.userId, environment: 'development' });
    expect(entry?.data).toMatchObject({ annualPriceCents: 5999 });
  });

  it('refuses an annual price that is no discount, and two plans under one store id, in words, keeping what was saved', async () => {
    const dear = await call(accounts.admin, 'PUT', plans, { ...settings, annualPriceCents: 9588 });
    expect(dear.statusCode).toBe(400);
    expect(dear.json().error.message).toContain('less than twelve months of the monthly plan ($95.88)');
    const same = await call(accounts.admin, 'PUT', plans, { ...settings, annualStoreProductId: 'premium.m' });
    expect(same.statusCode).toBe(400);
    expect(same.json().error.message).toContain('The two plans need different store product ids.');
    expect((await call(accounts.player, 'PUT', plans, settings)).statusCode).toBe(403);
    expect((await call(accounts.moderator, 'PUT', plans, settings)).statusCode).toBe(403);
    expect((await call(accounts.admin, 'GET', plans)).json()).toEqual(settings);
  });
});
