import type { Domain } from '../domain';
import { paymentMigrations } from './migrations/index';
import { ordersNumbered } from './numbered-orders';
import { PAYPAL_CSP_SOURCES } from './paypal/csp';
import { paymentsPersonalData } from './personal-data';
import { paymentsPlayerRecord } from './player-record';
import { paymentsRevenue } from './revenue';
import { registerPaymentRoutes } from './routes';
import { PAYMENT_SEGMENT_ATTRIBUTES } from './segment-attributes';

/** Payments: the order record every sale pays through, PayPal and Stripe, and the functions that settle any order. */
export const domain: Domain = {
  name: 'payments',
  segmentAttributes: PAYMENT_SEGMENT_ATTRIBUTES,
  migrations: { game: paymentMigrations },
  register(app, context) {
    registerPaymentRoutes(app, {
      game: context.game,
      kinds: context.domains.flatMap((domain) => domain.orderSettlements?.(context) ?? []),
    });
  },
  personalData: paymentsPersonalData,
  playerRecord: paymentsPlayerRecord,
  revenue: paymentsRevenue,
  numberedRecords: ordersNumbered,
  // PayPal's buttons load from PayPal where APP_ENV has PayPal.
  cspSources: (config) => (config.paypal[config.appEnv] ? PAYPAL_CSP_SOURCES : {}),
};
