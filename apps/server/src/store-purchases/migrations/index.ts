import type { Migration } from 'kysely';
import * as storePurchases from './2026-12-19-store-purchases';
import * as storeConsumption from './2026-12-20-store-consumption';
import * as reversals from './2026-12-27-reversals';
import * as storeRevenueDays from './2026-12-28-store-revenue-days';

/** The store purchases' game-store migrations; never edit one that has shipped, add a new one. */
export const storePurchaseMigrations: Record<string, Migration> = {
  '2026-12-19-store-purchases': storePurchases,
  '2026-12-20-store-consumption': storeConsumption,
  '2026-12-27-reversals': reversals,
  '2026-12-28-store-revenue-days': storeRevenueDays,
};
