import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';
import type { SubscriptionEvent, SubscriptionStatus } from './state-machine';
import { recordInTransaction, type SubscriptionRef } from './subscription-events';
import {
  recordPaymentInTransaction,
  recordSubscriptionRefund,
  type SubscriptionPayment,
} from './subscription-payments';

/** What one event of a web billing provider (Stripe, PayPal) says of a subscription. */
export interface ProviderFindings {
  ref: SubscriptionRef;
  /** A period's payment. */
  payment?: SubscriptionPayment | undefined;
  /** What was refunded of a payment, in all. */
  refund?: { channel: string; paymentId: string; refundedCents: number; at: string } | undefined;
  reports: readonly SubscriptionEvent[];
}

/**
 * Records an event's findings in one transaction, so the same event delivered several times at once
 * records them once and exactly one delivery answers that it recorded anything: the payment and the
 * reports each hold the subscription's row first (holdSubscription), so a second delivery waits for
 * the first's commit and then finds them recorded. Answers whether anything was new, and the
 * subscription's status after the last report (null when there was none).
 */
export function recordProviderFindings(
  db: Kysely<GameDatabase>,
  findings: ProviderFindings,
  now = new Date(),
): Promise<{ recorded: boolean; status: SubscriptionStatus | null }> {
  return db.transaction().execute(async (trx) => {
    let recorded = findings.payment
      ? await recordPaymentInTransaction(trx, findings.ref, findings.payment, now)
      : false;
    if (findings.refund) recorded = (await recordSubscriptionRefund(trx, findings.refund)) || recorded;
    let status: SubscriptionStatus | null = null;
    for (const report of findings.reports) {
      const outcome = await recordInTransaction(trx, findings.ref, report, now);
      recorded = outcome.recorded || recorded;
      status = outcome.status;
    }
    return { recorded, status };
  });
}
