import type { Domain } from '../domain';
import { playersPayPal } from '../payments/index';
import { countMerchOrdersIn, countMerchSalesPerBucket, countRecentMerchSales } from './admin-queries';
import { registerMerchAdminRoutes } from './admin-routes';
import { MERCH_CALENDAR } from './calendar';
import { merchJobs } from './jobs';
import { MERCH_LIVE_TOPICS } from './live';
import { merchMigrations } from './migrations/index';
import { merchOrderSettlement } from './order-settlement';
import { merchPersonalData } from './personal-data';
import { merchPlayerRecord } from './player-record';
import { providerRefunds } from './provider-refunds';
import { merchRevenue } from './revenue';
import { registerMerchRoutes } from './routes';
import { searchMerchOrders } from './search';
import { seedMerch } from './seed';
import { registerStripeWebhook } from './stripe-webhook';

/** The merch shop: drops, orders that hold stock, their payment and fulfilment. */
export const domain: Domain = {
  name: 'merch',
  migrations: { game: merchMigrations },
  seed: seedMerch,
  async register(app, { game, stores, config, files, payments, rateLimits, shopUrl }) {
    const paypal = playersPayPal(config, payments);
    registerMerchRoutes(app, {
      game,
      files,
      payments: { paypal: paypal?.api, stripe: payments.stripe[config.appEnv], shopUrl },
      paypalClientId: paypal?.clientId ?? null,
      rateLimits: {
        contact: rateLimits.merchContact,
        order: rateLimits.merchOrder,
        subscription: rateLimits.dropSubscription,
      },
    });
    await registerStripeWebhook(app, { game, webhookSecret: config.stripe[config.appEnv]?.webhookSecret });
    registerMerchAdminRoutes(app, {
      game: stores.game,
      identity: stores.identity,
      refundAtProvider: providerRefunds({ game: stores.game, stripe: payments.stripe, paypal: payments.paypal }),
    });
  },
  jobs: ({ game, mailer, shopUrl }) => merchJobs({ game, mailer, shopUrl }),
  liveTopics: MERCH_LIVE_TOPICS,
  series: { merchPurchases: ({ game }, { since, unit }) => countMerchSalesPerBucket(game, since, unit) },
  personalData: merchPersonalData,
  playerRecord: merchPlayerRecord,
  search: searchMerchOrders,
  revenue: merchRevenue,
  counts: {
    recentSales: ({ game }) => countRecentMerchSales(game),
    ordersToPack: ({ game }) => countMerchOrdersIn(game, 'paid'),
    ordersToShip: ({ game }) => countMerchOrdersIn(game, 'packed'),
  },
  countsAt: { recentSales: ({ game }, at) => countRecentMerchSales(game, at) },
  calendar: MERCH_CALENDAR,
  orderSettlements: ({ config, payments }) => [merchOrderSettlement(payments.paypal[config.appEnv])],
};
