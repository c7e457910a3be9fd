import type { Domain } from '../domain';
import { countSettledOrdersPerBucket, playersPayPal } from '../payments/index';
import { machinePrizeItemUse } from './admin-queries';
import { registerShopAdminRoutes } from './admin-routes';
import { SHOP_CALENDAR } from './calendar';
import { SHOP_LIVE_TOPICS } from './live';
import { shopMigrations } from './migrations/index';
import { shopOrderSettlements } from './order-settlements';
import { countCreditPurchases } from './pack-and-spin-orders';
import { shopPersonalData } from './personal-data';
import { shopPlayerRecord } from './player-record';
import { registerShopRoutes } from './routes';
import { searchMachines } from './search';
import { seedShop } from './seed';

/** The shop: credit packs, mystery-ball machines, their drops and spins. */
export const domain: Domain = {
  name: 'shop',
  migrations: { game: shopMigrations },
  seed: seedShop,
  register(app, { game, stores, config, payments }) {
    registerShopRoutes(app, { game, paypal: playersPayPal(config, payments) });
    registerShopAdminRoutes(app, { game: stores.game, identity: stores.identity });
  },
  search: searchMachines,
  liveTopics: SHOP_LIVE_TOPICS,
  personalData: shopPersonalData,
  playerRecord: shopPlayerRecord,
  itemUses: [machinePrizeItemUse],
  counts: { creditPurchasesCount: ({ game }) => countCreditPurchases(game) },
  countsAt: { creditPurchasesCount: ({ game }, at) => countCreditPurchases(game, at) },
  series: {
    creditPurchases: ({ game }, { since, unit }) => countSettledOrdersPerBucket(game, 'credit-pack', since, unit),
  },
  calendar: SHOP_CALENDAR,
  orderSettlements: ({ config, payments }) => shopOrderSettlements(playersPayPal(config, payments)?.api),
};
