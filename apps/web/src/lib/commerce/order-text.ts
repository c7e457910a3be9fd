import {
  MERCH_ORDER_STATUS_LABELS,
  type MerchOrder,
  type MerchOrderLine,
  type MerchPaymentMethod,
} from '@outpost/contracts/merch';
import { centsToDollars } from '@outpost/contracts/products';

/*
 * How the shop's checkout and the account page word an order: one set of sentences, so a player
 * reads the same total, lines and status in both places.
 */

const count = new Intl.NumberFormat('en-US');

/** "5,999 credits", "1 credit". */
export function creditsText(credits: number): string {
  return `${count.format(credits)} ${credits === 1 ? 'credit' : 'credits'}`;
}

/** "$59.99" from integer cents. */
export function dollarsText(cents: number): string {
  return `$${centsToDollars(cents)}`;
}

/** What the order costs as it is paid: credits for an order paid in credits, dollars otherwise. */
export function orderTotalText(order: Pick<MerchOrder, 'payment' | 'total' | 'totalCredits'>): string {
  return order.payment === 'credits' && order.totalCredits !== null
    ? creditsText(order.totalCredits)
    : dollarsText(order.total);
}

/** "Outpost Hoodie (Medium) × 2". */
export function orderLineText(line: Pick<MerchOrderLine, 'productName' | 'varietyName' | 'quantity'>): string {
  return `${line.productName} (${line.varietyName}) × ${line.quantity}`;
}

export const PAYMENT_METHOD_LABELS: Record<MerchPaymentMethod, string> = {
  credits: 'Credits',
  paypal: 'PayPal',
  stripe: 'Card (Stripe)',
};

/**
 * True while the order still holds its stock for a payment. A reservation past its time is
 * expired even before the server's sweep marks it so.
 */
export function awaitingPayment(order: Pick<MerchOrder, 'status' | 'reservedUntil'>, now = Date.now()): boolean {
  if (order.status !== 'reserved') return false;
  return order.reservedUntil === null || Date.parse(order.reservedUntil) > now;
}

/** The status a player reads: the contracts' label, "Expired" for a reservation whose time ran out. */
export function orderStatusText(order: Pick<MerchOrder, 'status' | 'reservedUntil'>, now = Date.now()): string {
  if (order.status === 'reserved' && !awaitingPayment(order, now)) return MERCH_ORDER_STATUS_LABELS.expired;
  return MERCH_ORDER_STATUS_LABELS[order.status];
}

/** A date and time in the reader's locale and time zone. */
export function dateTimeText(iso: string): string {
  return new Date(iso).toLocaleString();
}
