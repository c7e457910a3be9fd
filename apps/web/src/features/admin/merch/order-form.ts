import {
  MERCH_MESSAGES,
  type MerchFulfilmentInput,
  type MerchRefundInput,
  merchFulfilmentInputSchema,
  merchRefundInputSchema,
} from '@outpost/contracts/merch';
import { dollarsToCents, hasFractionalCents } from '@outpost/contracts/products';
import type { z } from 'zod/mini';
import { type Checked, checkWith } from '../components/form-check';

/*
 * The order screen's two forms as data and their checks (pure): fulfilment (packed, or shipped
 * with the carrier's tracking reference) and a refund typed in dollars. Both parse with the
 * contracts' schemas the server parses with.
 */

export const MERCH_ORDER_NOTICES = {
  packed: 'Order marked packed.',
  shipped: 'Order marked shipped: the player sees the tracking reference on their account.',
  tracking: 'Tracking reference saved: the player sees the new one.',
  refundAmount: 'Type the amount to refund in dollars, like 12.50.',
  refundCents: 'Refunds are in whole cents: use at most two decimals.',
} as const;

export type FulfilmentStatus = MerchFulfilmentInput['status'];

/** Packed, or shipped with its tracking reference, from the order's version on screen. */
export function checkFulfilment(
  status: FulfilmentStatus,
  trackingReference: string,
  version: number,
): Checked<z.output<typeof merchFulfilmentInputSchema>> {
  return checkWith(merchFulfilmentInputSchema, { status, trackingReference, version }, { markFields: true });
}

export interface RefundDraft {
  /** Dollars as typed ("12.50"). */
  amount: string;
  reason: string;
}

export const newRefundDraft = (): RefundDraft => ({ amount: '', reason: '' });

/** A refund refused for its amount: the Amount field is marked, keyed as the schema and server key it. */
const amountRefused = (message: string) => ({ ok: false as const, message, fields: { amountCents: message } });

/**
 * A refund in cents from the dollars typed (never through a float), with its reason, no more
 * than `refundable` cents: the server refuses more with the same message.
 */
export function checkRefund(draft: RefundDraft, refundable: number): Checked<Required<MerchRefundInput>> {
  if (hasFractionalCents(draft.amount)) return amountRefused(MERCH_ORDER_NOTICES.refundCents);
  const amountCents = dollarsToCents(draft.amount);
  if (amountCents === null) return amountRefused(MERCH_ORDER_NOTICES.refundAmount);
  const checked = checkWith(
    merchRefundInputSchema,
    { amountCents, reason: draft.reason },
    { order: ['amountCents', 'reason'], markFields: true },
  );
  if (checked.ok && checked.value.amountCents > refundable) {
    return amountRefused(MERCH_MESSAGES.refundTooLarge);
  }
  return checked;
}
