import { describe, expect, it } from 'vitest';
import type { PayPalCapture, PayPalOrder } from './paypal-client';
import { type OutpostOrderRecord, verifyCapture } from './verify-capture';

const record: OutpostOrderRecord = {
  orderID: '5O190127TN364715T',
  customId: 'pack-42',
  amountCents: 1999,
  currency: 'USD',
};

function order(capture: Partial<PayPalCapture> | null, changes: Partial<PayPalOrder> = {}): PayPalOrder {
  return {
    id: '5O190127TN364715T',
    status: 'COMPLETED',
    purchase_units: [
      {
        reference_id: 'pack-42',
        custom_id: 'pack-42',
        amount: { currency_code: 'USD', value: '19.99' },
        ...(capture === null
          ? {}
          : {
              payments: {
                captures: [
                  {
                    id: '3C679366HH908993F',
                    status: 'COMPLETED',
                    amount: { currency_code: 'USD', value: '19.99' },
                    custom_id: 'pack-42',
                    ...capture,
                  },
                ],
              },
            }),
      },
    ],
    ...changes,
  };
}

describe('verifyCapture', () => {
  it('completes an order captured in full for this record', () => {
    expect(verifyCapture(record, order({}))).toEqual({ outcome: 'completed', captureId: '3C679366HH908993F' });
    const noDecimals = { ...record, amountCents: 2000 };
    const whole = order({ amount: { currency_code: 'USD', value: '20' } });
    whole.purchase_units = whole.purchase_units?.map((unit) => ({
      ...unit,
      amount: { currency_code: 'USD', value: '20.00' },
    }));
    expect(verifyCapture(noDecimals, whole).outcome).toBe('completed');
  });

  it.each<[string, PayPalOrder, string, RegExp]>([
    [
      'a PENDING capture',
      order({ status: 'PENDING', status_details: { reason: 'PENDING_REVIEW' } }),
      'pending',
      /PENDING_REVIEW/,
    ],
    ['an approved order not captured yet', order(null, { status: 'APPROVED' }), 'pending', /APPROVED with no capture/],
    [
      'a COMPLETED capture on an order not COMPLETED',
      order({}, { status: 'APPROVED' }),
      'pending',
      /order is APPROVED/,
    ],
    ['a DECLINED capture', order({ status: 'DECLINED' }), 'declined', /DECLINED/],
    ['a FAILED capture', order({ status: 'FAILED' }), 'declined', /FAILED/],
    ['a REFUNDED capture', order({ status: 'REFUNDED' }), 'declined', /REFUNDED/],
    ['a voided order', order(null, { status: 'VOIDED' }), 'declined', /voided/],
    [
      'one cent less',
      order({ amount: { currency_code: 'USD', value: '19.98' } }),
      'mismatch',
      /capture amount is 19.98 USD, expected 1999 cents/,
    ],
    ['one cent more', order({ amount: { currency_code: 'USD', value: '20.00' } }), 'mismatch', /capture amount/],
    ['three decimals', order({ amount: { currency_code: 'USD', value: '19.990' } }), 'mismatch', /capture amount/],
    [
      'a float-looking figure',
      order({ amount: { currency_code: 'USD', value: '1.999e1' } }),
      'mismatch',
      /capture amount/,
    ],
    ['another currency', order({ amount: { currency_code: 'EUR', value: '19.99' } }), 'mismatch', /currency is EUR/],
    ['no amount', order({ amount: undefined }), 'mismatch', /currency is missing/],
    ['another custom_id on the capture', order({ custom_id: 'pack-43' }), 'mismatch', /custom_id is "pack-43"/],
    [
      'a PENDING capture of another amount',
      order({ status: 'PENDING', amount: { currency_code: 'USD', value: '0.01' } }),
      'mismatch',
      /capture amount is 0.01/,
    ],
    ['another order', order({}, { id: 'OTHER' }), 'mismatch', /for order OTHER/],
    ['no purchase unit', order({}, { purchase_units: [] }), 'mismatch', /no purchase unit/],
    ['an unknown capture status', order({ status: 'MYSTERY' }), 'mismatch', /unknown status MYSTERY/],
  ])('%s', (_, paypalOrder, outcome, reason) => {
    const verdict = verifyCapture(record, paypalOrder);
    expect(verdict.outcome).toBe(outcome);
    expect(verdict.outcome !== 'completed' && verdict.reason).toMatch(reason);
  });

  it('refuses an order priced differently or for another record', () => {
    const tampered = order({});
    const [unit] = tampered.purchase_units ?? [];
    if (!unit) throw new Error('no unit');
    tampered.purchase_units = [{ ...unit, amount: { currency_code: 'USD', value: '0.99' } }];
    expect(verifyCapture(record, tampered)).toMatchObject({ outcome: 'mismatch', reason: /order amount is 0.99/ });
    tampered.purchase_units = [{ ...unit, custom_id: 'someone-else' }];
    expect(verifyCapture(record, tampered)).toMatchObject({
      outcome: 'mismatch',
      reason: /custom_id is "someone-else"/,
    });
    tampered.purchase_units = [
      { ...unit, custom_id: undefined, payments: { captures: [{ id: 'C', status: 'COMPLETED' }] } },
    ];
    expect(verifyCapture(record, tampered)).toMatchObject({ outcome: 'mismatch', reason: /no custom_id/ });
  });

  it('never completes an order with two completed captures', () => {
    const twice = order({});
    const [unit] = twice.purchase_units ?? [];
    const [capture] = unit?.payments?.captures ?? [];
    if (!unit || !capture) throw new Error('no capture');
    twice.purchase_units = [{ ...unit, payments: { captures: [capture, { ...capture, id: 'SECOND' }] } }];
    expect(verifyCapture(record, twice)).toMatchObject({ outcome: 'mismatch', reason: /2 completed captures/ });
  });

  it('completes on the completed capture when a declined one came first', () => {
    const retried = order({});
    const [unit] = retried.purchase_units ?? [];
    const [capture] = unit?.payments?.captures ?? [];
    if (!unit || !capture) throw new Error('no capture');
    retried.purchase_units = [
      { ...unit, payments: { captures: [{ ...capture, id: 'FIRST', status: 'DECLINED' }, capture] } },
    ];
    expect(verifyCapture(record, retried)).toEqual({ outcome: 'completed', captureId: '3C679366HH908993F' });
  });
});
