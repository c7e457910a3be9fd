import type { MerchShipping } from '@outpost/contracts/merch';
import { describe, expect, it } from 'vitest';
import {
  addressLines,
  cutText,
  fulfilmentOptions,
  itemsSummary,
  mailtoHref,
  messageExcerpt,
  notShippableText,
  orderTimeline,
  phoneText,
  providerName,
  refundableCents,
  refundStatusText,
  shippingName,
  sizesText,
} from './merch-text';

const shipping: MerchShipping = {
  firstName: 'Rae',
  lastName: 'Scout',
  email: 'rae@example.com',
  phone: '555 010 2030',
  countryCode: '+1',
  cut: 'womens',
  sizes: { shirtSize: 'M', hoodieSize: 'L', pantSize: '', shoeSize: '10' },
  address: { line1: '1 Container Yard', line2: '', city: 'Portland', state: 'OR', zipcode: '97201', country: 'US' },
};

describe('an order’s shipping details', () => {
  it('names the player, the phone with its calling code, the cut and the sizes given', () => {
    expect(shippingName(shipping)).toBe('Rae Scout');
    expect(phoneText(shipping)).toBe('+1 555 010 2030');
    expect(cutText(shipping.cut)).toBe("Women's");
    expect(cutText('')).toBe('Not given');
    expect(sizesText(shipping.sizes)).toBe('Shirt M · Hoodie L · Shoes 10');
    expect(sizesText({ shirtSize: '', hoodieSize: '', pantSize: '', shoeSize: '' })).toBe('None given');
  });

  it('writes the address as a label prints it, without empty lines', () => {
    expect(addressLines(shipping.address, 'en-US')).toEqual([
      '1 Container Yard',
      'Portland, OR 97201',
      'United States',
    ]);
    expect(
      addressLines(
        { line1: '2 Dock Road', line2: 'Unit 4', city: 'Leeds', state: '', zipcode: 'LS1 4AP', country: 'GB' },
        'en-US',
      ),
    ).toEqual(['2 Dock Road', 'Unit 4', 'Leeds, LS1 4AP', 'United Kingdom']);
  });
});

describe('an order’s lines and money', () => {
  it('sums up the lines in one line', () => {
    expect(
      itemsSummary([
        { productName: 'Outpost Hoodie', varietyName: 'Medium', quantity: 2 },
        { productName: 'Radio Tower Tee', varietyName: 'Large', quantity: 1 },
      ]),
    ).toBe('Outpost Hoodie (Medium) × 2, Radio Tower Tee (Large) × 1');
  });

  it('refunds what was paid and not refunded yet, and nothing of an unpaid order', () => {
    expect(refundableCents({ status: 'shipped', total: 5999, refundedCents: 1000 })).toBe(4999);
    expect(refundableCents({ status: 'refund-due', total: 5999, refundedCents: 0 })).toBe(5999);
    expect(refundableCents({ status: 'reserved', total: 5999, refundedCents: 0 })).toBe(0);
    expect(refundableCents({ status: 'refunded', total: 5999, refundedCents: 5999 })).toBe(0);
  });
});

describe('refunds', () => {
  it('says a refund is done, or still pending at the provider whose dashboard has the answer', () => {
    expect(refundStatusText({ status: 'done' }, 'credits')).toBe('Done');
    expect(refundStatusText({ status: 'done' }, 'stripe')).toBe('Done at Stripe');
    expect(refundStatusText({ status: 'done' }, 'paypal')).toBe('Done at PayPal');
    expect(refundStatusText({ status: 'pending' }, 'stripe')).toBe('Pending at Stripe — check Stripe’s dashboard');
    expect(refundStatusText({ status: 'pending' }, 'paypal')).toBe('Pending at PayPal — check PayPal’s dashboard');
    expect([providerName('credits'), providerName('paypal'), providerName('stripe')]).toEqual([
      null,
      'PayPal',
      'Stripe',
    ]);
  });
});

describe('fulfilment', () => {
  it('packs paid orders, ships paid and packed ones and corrects a shipped one’s tracking', () => {
    expect(fulfilmentOptions('paid')).toEqual({ open: true, pack: true, ship: true });
    expect(fulfilmentOptions('packed')).toEqual({ open: true, pack: false, ship: true });
    expect(fulfilmentOptions('shipped')).toEqual({ open: true, pack: false, ship: true });
    for (const status of ['reserved', 'expired', 'cancelled', 'refund-due', 'refunded'] as const) {
      expect(fulfilmentOptions(status)).toEqual({ open: false, pack: false, ship: false });
    }
  });

  it('says why an order cannot be shipped', () => {
    expect(notShippableText('reserved')).toBe('Only paid orders can be packed or shipped.');
    expect(notShippableText('refunded')).toContain('refunded in full');
    expect(notShippableText('refund-due')).toContain('Refund it below');
  });

  it('lists the steps from placed to shipped, with the hold of a reservation', () => {
    const order = {
      orderTime: '2026-11-24T10:00:00.000Z',
      paidAt: '2026-11-24T10:05:00.000Z',
      packedAt: null,
      shippedAt: null,
      status: 'paid' as const,
      reservedUntil: null,
    };
    expect(orderTimeline(order)).toEqual([
      { label: 'Ordered', at: order.orderTime },
      { label: 'Paid', at: order.paidAt },
      { label: 'Packed', at: null },
      { label: 'Shipped', at: null },
    ]);
    const reserved = { ...order, status: 'reserved' as const, paidAt: null, reservedUntil: '2026-11-24T10:15:00.000Z' };
    expect(orderTimeline(reserved).map((step) => step.label)).toEqual([
      'Ordered',
      'Stock held until',
      'Paid',
      'Packed',
      'Shipped',
    ]);
  });
});

describe('contact messages', () => {
  it('answers by email with the subject', () => {
    expect(mailtoHref('rae@example.com')).toBe('mailto:rae@example.com');
    expect(mailtoHref('rae+merch@example.com', 'Where is my hoodie?')).toBe(
      'mailto:rae%2Bmerch@example.com?subject=Re%3A%20Where%20is%20my%20hoodie%3F',
    );
  });

  it('shows a short message whole and a long one by its first words', () => {
    expect(messageExcerpt('Hello!')).toBe('Hello!');
    const long = `${'word '.repeat(30)}end`;
    const excerpt = messageExcerpt(long);
    expect(excerpt.endsWith('…')).toBe(true);
    expect(excerpt.length).toBeLessThanOrEqual(81);
    expect(excerpt).not.toContain('wor…');
    expect(messageExcerpt('Two\nlines')).toBe('Two lines …');
  });
});
