import { type PayPalCapture, type PayPalOrder, payPalValueToCents } from './paypal-client';

/** What Outpost itself recorded when it created the PayPal order: the only source of truth for the price. */
export interface OutpostOrderRecord {
  orderID: string;
  customId: string;
  amountCents: number;
  currency: string;
}

/**
 * - completed: paid in full for this record; fulfil.
 * - pending: PayPal holds the payment (review, eCheck, …) or has not captured yet; do not fulfil yet.
 * - declined: the payment failed or was taken back; do not fulfil.
 * - mismatch: PayPal's order is not the one Outpost priced (amount, currency, custom_id, id); never fulfil.
 */
export type CaptureVerdict =
  | { outcome: 'completed'; captureId: string }
  | { outcome: 'pending' | 'declined' | 'mismatch'; captureId: string | undefined; reason: string };

/**
 * Decides from PayPal's order (a capture answer or a read) whether Outpost's order was paid.
 * Amounts are compared in cents parsed from PayPal's decimal strings, never as floats.
 */
export function verifyCapture(record: OutpostOrderRecord, order: PayPalOrder): CaptureVerdict {
  if (order.id !== record.orderID) {
    return mismatch(undefined, `PayPal answered for order ${order.id}, not ${record.orderID}`);
  }
  const unit = order.purchase_units?.[0];
  if (!unit) return mismatch(undefined, 'PayPal order has no purchase unit');
  if ((order.purchase_units?.length ?? 0) > 1)
    return mismatch(undefined, 'PayPal order has more than one purchase unit');
  if (unit.amount) {
    const wrong = amountProblem(record, 'order', unit.amount.value, unit.amount.currency_code);
    if (wrong) return mismatch(undefined, wrong);
  }

  const captures = unit.payments?.captures ?? [];
  const completed = captures.filter((capture) => capture.status === 'COMPLETED');
  if (completed.length > 1) return mismatch(undefined, `PayPal order has ${completed.length} completed captures`);
  const capture = completed[0] ?? captures.find((each) => each.status === 'PENDING') ?? captures.at(-1);
  if (!capture) {
    if (order.status === 'VOIDED')
      return { outcome: 'declined', captureId: undefined, reason: 'PayPal voided the order' };
    return { outcome: 'pending', captureId: undefined, reason: `PayPal order is ${order.status} with no capture yet` };
  }

  const customIds = [unit.custom_id, capture.custom_id].filter((id) => id !== undefined);
  if (customIds.length === 0) return mismatch(capture.id, 'PayPal order carries no custom_id');
  const otherId = customIds.find((id) => id !== record.customId);
  if (otherId !== undefined) return mismatch(capture.id, `custom_id is "${otherId}", expected "${record.customId}"`);

  switch (capture.status) {
    case 'COMPLETED':
    case 'PENDING': {
      const wrong = amountProblem(record, 'capture', capture.amount?.value, capture.amount?.currency_code);
      if (wrong) return mismatch(capture.id, wrong);
      if (capture.status === 'PENDING') {
        return { outcome: 'pending', captureId: capture.id, reason: `capture is PENDING (${pendingReason(capture)})` };
      }
      if (order.status !== 'COMPLETED') {
        return { outcome: 'pending', captureId: capture.id, reason: `order is ${order.status}, not COMPLETED` };
      }
      return { outcome: 'completed', captureId: capture.id };
    }
    case 'DECLINED':
    case 'FAILED':
      return { outcome: 'declined', captureId: capture.id, reason: `capture is ${capture.status}` };
    case 'REFUNDED':
    case 'PARTIALLY_REFUNDED':
      return { outcome: 'declined', captureId: capture.id, reason: `capture was ${capture.status}` };
    default:
      return mismatch(capture.id, `capture has an unknown status ${capture.status}`);
  }
}

function amountProblem(
  record: OutpostOrderRecord,
  where: 'order' | 'capture',
  value: string | undefined,
  currency: string | undefined,
): string | undefined {
  if (currency !== record.currency) return `${where} currency is ${currency ?? 'missing'}, expected ${record.currency}`;
  const cents = payPalValueToCents(value);
  if (cents !== record.amountCents) {
    return `${where} amount is ${value ?? 'missing'} ${currency}, expected ${record.amountCents} cents`;
  }
  return undefined;
}

function pendingReason(capture: PayPalCapture): string {
  return capture.status_details?.reason ?? 'no reason given';
}

function mismatch(captureId: string | undefined, reason: string): CaptureVerdict {
  return { outcome: 'mismatch', captureId, reason };
}
