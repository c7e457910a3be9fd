import { describe, expect, it } from 'vitest';
import {
  awaitingPayment,
  creditsText,
  dollarsText,
  orderLineText,
  orderStatusText,
  orderTotalText,
} from './order-text';

describe('order text', () => {
  it('says credits and dollars the way players read them', () => {
    expect(creditsText(5999)).toBe('5,999 credits');
    expect(creditsText(1)).toBe('1 credit');
    expect(dollarsText(5999)).toBe('$59.99');
    expect(dollarsText(5)).toBe('$0.05');
  });

  it('gives an order’s total in what it is paid with', () => {
    expect(orderTotalText({ payment: 'credits', total: 5999, totalCredits: 6000 })).toBe('6,000 credits');
    expect(orderTotalText({ payment: 'paypal', total: 5999, totalCredits: null })).toBe('$59.99');
    expect(orderTotalText({ payment: 'stripe', total: 11998, totalCredits: null })).toBe('$119.98');
  });

  it('names a line by product, variety and quantity', () => {
    expect(orderLineText({ productName: 'Outpost Hoodie', varietyName: 'Medium', quantity: 2 })).toBe(
      'Outpost Hoodie (Medium) × 2',
    );
  });

  it('leaves whether a reservation can still be paid to the server, never the device’s clock', () => {
    // A reservation whose time has passed by this device's clock (which may run fast) is still
    // offered for payment until the server says otherwise; a late payment is refused there.
    const lapsedHere = { status: 'reserved', reservedUntil: new Date(Date.now() - 60 * 60_000).toISOString() } as const;
    expect(awaitingPayment(lapsedHere)).toBe(true);
    expect(orderStatusText(lapsedHere)).toBe('Awaiting payment');
    expect(awaitingPayment({ status: 'reserved' })).toBe(true);
    expect(awaitingPayment({ status: 'expired' })).toBe(false);
    expect(orderStatusText({ status: 'expired' })).toBe('Expired (not paid in time)');
    expect(awaitingPayment({ status: 'paid' })).toBe(false);
    expect(orderStatusText({ status: 'shipped' })).toBe('Shipped');
  });
});
