import type { MerchOrder } from '@outpost/contracts/merch';
import { describe, expect, it } from 'vitest';
import { newerOrder, orderStanding, stripeReturnOf } from './order-state';

const order = (status: MerchOrder['status']) => ({ orderID: 'o1', status }) as MerchOrder;

describe('newerOrder', () => {
  it('keeps the copy further along, the list’s at the same stage', () => {
    const paid = order('paid');
    const reserved = order('reserved');
    expect(newerOrder(paid, reserved)).toBe(paid);
    expect(newerOrder(reserved, paid)).toBe(paid);
    const listed = order('reserved');
    expect(newerOrder(reserved, listed)).toBe(listed);
    expect(newerOrder(null, listed)).toBe(listed);
    expect(newerOrder(paid, null)).toBe(paid);
    expect(newerOrder(null, null)).toBeNull();
    expect(newerOrder(order('shipped'), order('refunded'))?.status).toBe('refunded');
  });
});

describe('stripeReturnOf', () => {
  it('reads only the two values Stripe sends back', () => {
    expect(stripeReturnOf('success')).toBe('success');
    expect(stripeReturnOf('cancelled')).toBe('cancelled');
    expect(stripeReturnOf('paid')).toBeNull();
    expect(stripeReturnOf(null)).toBeNull();
  });
});

describe('orderStanding', () => {
  const base = {
    payment: 'stripe' as const,
    reservedUntil: '2026-11-24T12:40:00Z',
    shipping: { email: 'ash@example.com' } as MerchOrder['shipping'],
  };

  it('waits for the server after Stripe sends the player back, whatever the address says', () => {
    expect(orderStanding({ ...base, status: 'reserved' }, 'success', null)).toBe(
      'Payment received by Stripe; waiting for confirmation…',
    );
    expect(orderStanding({ ...base, status: 'paid' }, 'success', null)).toBe(
      'Thank you! Your order is paid. We write to ash@example.com when it ships.',
    );
    expect(orderStanding({ ...base, status: 'reserved' }, 'cancelled', null)).toMatch(
      /^Your items are reserved for you until .+\. Pay before then, or they go back on sale\.$/,
    );
  });

  it('gives the balance after a payment in credits, and says nothing was charged for a lapsed or cancelled order', () => {
    expect(orderStanding({ ...base, payment: 'credits', status: 'paid' }, null, 4001)).toBe(
      'Thank you! Your order is paid. Your balance is now 4,001 credits. We write to ash@example.com when it ships.',
    );
    expect(orderStanding({ ...base, status: 'cancelled' }, null, null)).toBe('Cancelled. Nothing was charged.');
    expect(orderStanding({ ...base, status: 'expired' }, null, null)).toBe(
      'Expired (not paid in time). Nothing was charged.',
    );
    expect(orderStanding({ ...base, status: 'refunded' }, null, null)).toBe('Refunded.');
  });

  it('offers payment while the server holds the stock, whatever the device’s clock says', () => {
    // reservedUntil long past by this device's clock: only the server's status decides.
    const lapsedHere = { ...base, status: 'reserved' as const, reservedUntil: '2000-01-01T00:00:00Z' };
    expect(orderStanding(lapsedHere, null, null)).toMatch(/^Your items are reserved for you until .+\./);
    expect(orderStanding(lapsedHere, 'success', null)).toBe('Payment received by Stripe; waiting for confirmation…');
  });
});
