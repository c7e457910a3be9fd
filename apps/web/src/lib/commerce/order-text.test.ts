import type { MerchOrder } from '@outpost/contracts/merch';
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

  it('treats a reservation past its time as expired before the server marks it', () => {
    const now = Date.parse('2026-11-24T12:00:00Z');
    const reserved = (until: string | null): Pick<MerchOrder, 'status' | 'reservedUntil'> => ({
      status: 'reserved',
      reservedUntil: until,
    });
    expect(awaitingPayment(reserved('2026-11-24T12:10:00Z'), now)).toBe(true);
    expect(orderStatusText(reserved('2026-11-24T12:10:00Z'), now)).toBe('Awaiting payment');
    expect(awaitingPayment(reserved('2026-11-24T11:59:59Z'), now)).toBe(false);
    expect(orderStatusText(reserved('2026-11-24T11:59:59Z'), now)).toBe('Expired (not paid in time)');
    expect(awaitingPayment({ status: 'paid', reservedUntil: null }, now)).toBe(false);
    expect(orderStatusText({ status: 'shipped', reservedUntil: null }, now)).toBe('Shipped');
  });
});
