import {
  DEFAULT_PREMIUM_PLANS_CONFIG,
  PREMIUM_MONTHLY_PRICE_CENTS,
  PREMIUM_PLANS_CONFIG_ID,
  type PremiumPlan,
  type PremiumPlansConfig,
  premiumPlansConfigSchema,
  TWELVE_MONTHS_CENTS,
} from '@outpost/contracts/subscriptions/schemas';
import type { Kysely } from 'kysely';
import { type AdminChange, adminLogRecord, readConfigDocument, writeConfigDocument } from '../backoffice/index';
import type { GameDatabase } from '../database';
import { SUBSCRIPTION_ADMIN_ACTIONS } from './actions';

/** config/premium-plans of one environment; the defaults until an admin saves one. */
export function readPremiumPlansConfig(db: Kysely<GameDatabase>): Promise<PremiumPlansConfig> {
  return readConfigDocument(db, PREMIUM_PLANS_CONFIG_ID, premiumPlansConfigSchema, DEFAULT_PREMIUM_PLANS_CONFIG);
}

/** The plans as sold: monthly at the terms' price, annual at the admins' with the saving it makes. */
export function plansOf(config: PremiumPlansConfig): PremiumPlan[] {
  return [
    {
      planId: 'monthly',
      priceCents: PREMIUM_MONTHLY_PRICE_CENTS,
      interval: 'month',
      discountPercent: 0,
      storeProductId: config.monthlyStoreProductId,
    },
    {
      planId: 'annual',
      priceCents: config.annualPriceCents,
      interval: 'year',
      discountPercent: Math.floor(((TWELVE_MONTHS_CENTS - config.annualPriceCents) * 100) / TWELVE_MONTHS_CENTS),
      storeProductId: config.annualStoreProductId,
    },
  ];
}

export async function readPremiumPlans(db: Kysely<GameDatabase>): Promise<PremiumPlan[]> {
  return plansOf(await readPremiumPlansConfig(db));
}

/** The plan a game store sells under `storeProductId`, if any. */
export async function planForStoreProduct(
  db: Kysely<GameDatabase>,
  storeProductId: string,
): Promise<PremiumPlan | undefined> {
  return (await readPremiumPlans(db)).find((plan) => plan.storeProductId === storeProductId);
}

/** Replaces config/premium-plans, its admin-log entry first. */
export async function writePremiumPlansConfig(
  db: Kysely<GameDatabase>,
  config: PremiumPlansConfig,
  context: AdminChange,
): Promise<PremiumPlan[]> {
  // writeConfigDocument logs the document itself as the entry's data.
  const { data: _none, ...log } = adminLogRecord(context, SUBSCRIPTION_ADMIN_ACTIONS.updatePlans, {});
  await writeConfigDocument(db, PREMIUM_PLANS_CONFIG_ID, { ...config }, log, DEFAULT_PREMIUM_PLANS_CONFIG);
  return plansOf(config);
}
