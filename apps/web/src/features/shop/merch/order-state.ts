import type { MerchOrder, MerchOrderStatus } from '@outpost/contracts/merch';
import { awaitingPayment, creditsText, dateTimeText, orderStatusText } from '../../../lib/commerce/order-text';

/** How far along an order is; a status never goes back to a lower one. */
const PROGRESS: Record<MerchOrderStatus, number> = {
  reserved: 0,
  paid: 1,
  expired: 1,
  cancelled: 1,
  packed: 2,
  shipped: 3,
  'refund-due': 4,
  refunded: 5,
};

/**
 * The newer of two copies of one order: the order a payment or cancel answered, and the one the
 * orders list holds, which may have been read just before that answer. The further along wins;
 * at the same stage the list's (`listed`), read later.
 */
export function newerOrder(known: MerchOrder | null, listed: MerchOrder | null): MerchOrder | null {
  if (!known) return listed;
  if (!listed) return known;
  return PROGRESS[known.status] > PROGRESS[listed.status] ? known : listed;
}

/** What the order's Stripe return says: the player paid on Stripe's page, or left it. */
export type StripeReturn = 'success' | 'cancelled' | null;

export function stripeReturnOf(value: string | null): StripeReturn {
  return value === 'success' || value === 'cancelled' ? value : null;
}

const PAID = new Set<MerchOrderStatus>(['paid', 'packed', 'shipped']);

/** Paid and on its way (or shipped): what the player bought is theirs. */
export function isPaid(order: Pick<MerchOrder, 'status'>): boolean {
  return PAID.has(order.status);
}

/**
 * The sentence that says where the order stands. Back from Stripe with `checkout=success`, an order
 * still reserved is only waiting for the server's confirmation (Stripe's webhook); the address is
 * never taken as proof of payment.
 */
export function orderStanding(
  order: Pick<MerchOrder, 'status' | 'payment' | 'reservedUntil' | 'shipping'>,
  stripe: StripeReturn,
  balance: number | null,
): string {
  if (isPaid(order)) {
    const after = balance === null ? '' : ` Your balance is now ${creditsText(balance)}.`;
    return `Thank you! Your order is paid.${after} We write to ${order.shipping.email} when it ships.`;
  }
  if (awaitingPayment(order)) {
    if (order.payment === 'stripe' && stripe === 'success')
      return 'Payment received by Stripe; waiting for confirmation…';
    const until = order.reservedUntil ? ` until ${dateTimeText(order.reservedUntil)}` : '';
    return `Your items are reserved for you${until}. Pay before then, or they go back on sale.`;
  }
  if (order.status === 'cancelled' || order.status === 'expired') {
    return `${orderStatusText(order)}. Nothing was charged.`;
  }
  return `${orderStatusText(order)}.`;
}
