import type { Migration } from 'kysely';
import * as paymentOrders from './2026-12-17-payment-orders';
import * as orderNumbers from './2026-12-21-order-numbers';
import * as settledOrders from './2026-12-26-settled-orders';
import * as revenueOrders from './2026-12-27-revenue-orders';
import * as revenueDays from './2026-12-28-revenue-days';
import * as settledOrderDays from './2026-12-31-settled-order-days';

/**
 * Payments' game-store migrations; never edit one that has shipped, add a new one. Its tables were
 * created by the shop's first migration and took Stripe's columns in merch's: those stay where they shipped.
 */
export const paymentMigrations: Record<string, Migration> = {
  '2026-12-17-payment-orders': paymentOrders,
  '2026-12-21-order-numbers': orderNumbers,
  '2026-12-26-settled-orders': settledOrders,
  '2026-12-27-revenue-orders': revenueOrders,
  '2026-12-28-revenue-days': revenueDays,
  '2026-12-31-settled-order-days': settledOrderDays,
};
