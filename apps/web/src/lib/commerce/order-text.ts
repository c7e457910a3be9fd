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
 * True while the server holds the order's stock for a payment: its status is 'reserved'. The
 * device's clock never decides it (one running fast would hide Pay on a live reservation); the
 * server refuses a payment that came too late, in words the screen shows, and its sweep marks the
 * order expired. reservedUntil is only shown, as information.
 */
export function awaitingPayment(order: Pick<MerchOrder, 'status'>): boolean {
  return order.status === 'reserved';
}

/** The status a player reads: the contracts' label of the status the server gave. */
export function orderStatusText(order: Pick<MerchOrder, 'status'>): string {
  return MERCH_ORDER_STATUS_LABELS[order.status];
}

/** A date and time in the reader's locale and time zone. */
export function dateTimeText(iso: string): string {
  return new Date(iso).toLocaleString();
}
