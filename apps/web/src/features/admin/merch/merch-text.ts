import {
  CUT_LABELS,
  type MerchOrder,
  type MerchOrderLine,
  type MerchOrderStatus,
  type MerchPaymentMethod,
  type MerchRefund,
  type MerchShipping,
  PAID_MERCH_STATUSES,
} from '@outpost/contracts/merch';
import { orderLineText } from '../../../lib/commerce/order-text';
import { countryName } from '../../../lib/countries';

/*
 * How the merch back office words its records (pure): who an order ships to, what is in it, what
 * can still happen to it, and how to answer a message. The player's own wording of totals and
 * lines is lib/commerce/order-text.ts, which these screens share.
 */

/** "Rae Scout". */
export function shippingName(shipping: Pick<MerchShipping, 'firstName' | 'lastName'>): string {
  return `${shipping.firstName} ${shipping.lastName}`.trim();
}

/** "Outpost Hoodie (Medium) × 2, Radio Tower Tee (Large) × 1". */
export function itemsSummary(lines: readonly Pick<MerchOrderLine, 'productName' | 'varietyName' | 'quantity'>[]) {
  return lines.map(orderLineText).join(', ');
}

/** The phone as the carrier dials it: "+44 20 7946 0000". */
export function phoneText(shipping: Pick<MerchShipping, 'countryCode' | 'phone'>): string {
  return `${shipping.countryCode} ${shipping.phone}`.trim();
}

/** The address as a label prints it, one line each: street, street, "City, State ZIP", country. */
export function addressLines(address: MerchShipping['address'], locale?: string): string[] {
  const region = [address.state, address.zipcode].filter(Boolean).join(' ');
  const town = [address.city, region].filter(Boolean).join(', ');
  return [address.line1, address.line2, town, countryName(address.country, locale)].filter(Boolean);
}

/** The fit the player asked for, or that they gave none. */
export function cutText(cut: string): string {
  return cut in CUT_LABELS ? CUT_LABELS[cut as keyof typeof CUT_LABELS] : 'Not given';
}

/** "Shirt M · Hoodie L · Pants 32 · Shoes 10", the sizes the player gave. */
export function sizesText(sizes: MerchShipping['sizes']): string {
  const given = [
    ['Shirt', sizes.shirtSize],
    ['Hoodie', sizes.hoodieSize],
    ['Pants', sizes.pantSize],
    ['Shoes', sizes.shoeSize],
  ].filter(([, size]) => size !== '');
  return given.length === 0 ? 'None given' : given.map(([what, size]) => `${what} ${size}`).join(' · ');
}

const isPaid = (status: MerchOrderStatus) => (PAID_MERCH_STATUSES as readonly MerchOrderStatus[]).includes(status);

/** US cents that can still be refunded: what was paid less what was refunded; nothing for an unpaid order. */
export function refundableCents(order: Pick<MerchOrder, 'status' | 'total' | 'refundedCents'>): number {
  return isPaid(order.status) ? Math.max(order.total - order.refundedCents, 0) : 0;
}

const PROVIDER_NAMES: Record<MerchPaymentMethod, string | null> = { credits: null, paypal: 'PayPal', stripe: 'Stripe' };

/** The payment provider that took the money and makes its refunds; null for credits. */
export function providerName(payment: MerchPaymentMethod): string | null {
  return PROVIDER_NAMES[payment];
}

/**
 * Where a refund stands. One through PayPal or Stripe is pending while the provider is asked, and
 * stays so if the server stopped before recording the provider's answer: only the provider's
 * dashboard then says whether the money went back.
 */
export function refundStatusText(refund: Pick<MerchRefund, 'status'>, payment: MerchPaymentMethod): string {
  const provider = providerName(payment);
  if (refund.status === 'pending') {
    return provider ? `Pending at ${provider} — check ${provider}’s dashboard` : 'Pending';
  }
  return provider ? `Done at ${provider}` : 'Done';
}

/** What the fulfilment form offers: packing a paid order, shipping a paid or packed one, correcting a shipped one's tracking. */
export function fulfilmentOptions(status: MerchOrderStatus): { open: boolean; pack: boolean; ship: boolean } {
  return {
    open: status === 'paid' || status === 'packed' || status === 'shipped',
    pack: status === 'paid',
    ship: status === 'paid' || status === 'packed' || status === 'shipped',
  };
}

/** Why an order cannot be packed or shipped, for the orders that cannot. */
export function notShippableText(status: MerchOrderStatus): string {
  switch (status) {
    case 'refund-due':
      return 'Refund due: the payment arrived after the reservation lapsed and the stock sold out. Refund it below; there is nothing to ship.';
    case 'refunded':
      return 'This order was refunded in full; there is nothing to ship.';
    case 'expired':
    case 'cancelled':
      return 'This order was never paid; its stock went back on sale.';
    default:
      return 'Only paid orders can be packed or shipped.';
  }
}

export interface TimelineStep {
  label: string;
  /** When it happened; null while it has not. */
  at: string | null;
}

/** The order's way from placed to shipped, each step with its time once it happened. */
export function orderTimeline(
  order: Pick<MerchOrder, 'orderTime' | 'paidAt' | 'packedAt' | 'shippedAt' | 'status' | 'reservedUntil'>,
): TimelineStep[] {
  const steps: TimelineStep[] = [{ label: 'Ordered', at: order.orderTime }];
  if (order.status === 'reserved' && order.reservedUntil) {
    steps.push({ label: 'Stock held until', at: order.reservedUntil });
  }
  steps.push(
    { label: 'Paid', at: order.paidAt },
    { label: 'Packed', at: order.packedAt },
    { label: 'Shipped', at: order.shippedAt },
  );
  return steps;
}

/** A mailto: link that answers a message, its subject "Re: …". */
export function mailtoHref(email: string, subject?: string): string {
  const to = encodeURIComponent(email).replace(/%40/g, '@');
  return subject ? `mailto:${to}?subject=${encodeURIComponent(`Re: ${subject}`)}` : `mailto:${to}`;
}

/** How much of a message a list shows before "more": its first words, whole words only. */
export const MESSAGE_EXCERPT_LENGTH = 80;

/** The message itself when short; otherwise its first words (on one line) and an ellipsis. */
export function messageExcerpt(message: string, length = MESSAGE_EXCERPT_LENGTH): string {
  if (message.length <= length && !message.includes('\n')) return message;
  const oneLine = message.replace(/\s+/g, ' ').trim();
  if (oneLine.length <= length) return `${oneLine} …`;
  const cut = oneLine.slice(0, length);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > length / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}
