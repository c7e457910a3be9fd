import { MERCH_MESSAGES } from '@outpost/contracts/merch';
import { describe, expect, it } from 'vitest';
import type { Checked } from '../components/form-check';
import { checkFulfilment, checkRefund, MERCH_ORDER_NOTICES } from './order-form';

const messageOf = (checked: Checked<unknown>) => (checked.ok ? 'ok' : checked.message);

describe('fulfilment', () => {
  it('packs without a tracking reference, from the version on screen', () => {
    expect(checkFulfilment('packed', '', 3)).toEqual({
      ok: true,
      value: { status: 'packed', trackingReference: '', version: 3 },
    });
  });

  it('ships only with a tracking reference, trimmed', () => {
    expect(messageOf(checkFulfilment('shipped', '  ', 3))).toBe(MERCH_MESSAGES.trackingRequired);
    expect(checkFulfilment('shipped', ' TRACK-123 ', 3)).toEqual({
      ok: true,
      value: { status: 'shipped', trackingReference: 'TRACK-123', version: 3 },
    });
  });
});

describe('a refund', () => {
  it('goes from the dollars typed to whole cents, without a float', () => {
    expect(checkRefund({ amount: '19.99', reason: ' Damaged in transit ' }, 5999)).toEqual({
      ok: true,
      value: { amountCents: 1999, reason: 'Damaged in transit' },
    });
    expect(checkRefund({ amount: '$0.29', reason: 'Late' }, 5999)).toMatchObject({ value: { amountCents: 29 } });
  });

  it.each([
    ['no amount', '', 'Late', MERCH_ORDER_NOTICES.refundAmount],
    ['words', 'ten', 'Late', MERCH_ORDER_NOTICES.refundAmount],
    ['fractions of a cent', '1.999', 'Late', MERCH_ORDER_NOTICES.refundCents],
    ['nothing', '0', 'Late', 'A refund is at least 1 cent.'],
    ['no reason', '5', '  ', 'A reason is required.'],
    ['more than is left', '59.99', 'Late', MERCH_MESSAGES.refundTooLarge],
  ])('refuses %s', (_case, amount, reason, message) => {
    expect(messageOf(checkRefund({ amount, reason }, 5000))).toBe(message);
  });

  it.each([
    ['words', 'ten', 'Late', { amountCents: MERCH_ORDER_NOTICES.refundAmount }],
    ['fractions of a cent', '1.999', 'Late', { amountCents: MERCH_ORDER_NOTICES.refundCents }],
    ['more than is left', '59.99', 'Late', { amountCents: MERCH_MESSAGES.refundTooLarge }],
    ['no reason', '5', '  ', { reason: 'A reason is required.' }],
  ])('marks the field %s is about, keyed as the server keys it', (_case, amount, reason, fields) => {
    const checked = checkRefund({ amount, reason }, 5000);
    expect(checked.ok ? {} : checked.fields).toEqual(fields);
  });

  it('allows exactly what is left', () => {
    expect(checkRefund({ amount: '50', reason: 'Returned' }, 5000).ok).toBe(true);
  });
});
