import { randomHex } from './local-paypal-answers';
import type { LocalSale, LocalSubscriptions } from './local-paypal-subscriptions';
import type { LocalWebhooks } from './local-paypal-webhooks';

/*
 * The local PayPal's disputes of a subscription's payment, as the Disputes API's webhooks carry
 * them: CUSTOMER.DISPUTE.CREATED when the buyer opens one (an inquiry or claim on PayPal, or a
 * chargeback through their card issuer), CUSTOMER.DISPUTE.RESOLVED with its outcome. Decided for
 * the buyer, PayPal takes the money back from the merchant first (PAYMENT.SALE.REVERSED).
 */

export type DisputeOutcome = 'RESOLVED_BUYER_FAVOUR' | 'RESOLVED_SELLER_FAVOUR' | 'CANCELED_BY_BUYER';

export interface OpenDisputeOptions {
  /** UNAUTHORISED (the default) or MERCHANDISE_OR_SERVICE_NOT_RECEIVED, … */
  reason?: string;
  /** A chargeback comes from the card issuer (EXTERNAL); an inquiry is opened on PayPal (INTERNAL). */
  stage?: 'INQUIRY' | 'CHARGEBACK';
}

export interface LocalDisputeScripts {
  /** The buyer disputes a payment (CUSTOMER.DISPUTE.CREATED); answers the dispute's id. */
  openDispute(saleId: string, options?: OpenDisputeOptions): string;
  /** The dispute is decided (for the buyer: PAYMENT.SALE.REVERSED, then CUSTOMER.DISPUTE.RESOLVED). */
  resolveDispute(disputeId: string, outcome: DisputeOutcome): void;
}

interface StoredDispute {
  id: string;
  sale: LocalSale;
  reason: string;
  stage: 'INQUIRY' | 'CHARGEBACK';
  createTime: string;
}

export function localDisputes(
  apiUrl: () => string,
  subscriptions: Pick<LocalSubscriptions, 'findSale' | 'reverseSubscriptionPayment'>,
  webhooks: Pick<LocalWebhooks, 'emit'>,
): LocalDisputeScripts {
  const disputes = new Map<string, StoredDispute>();

  function disputeJson(dispute: StoredDispute, time: string, outcome?: DisputeOutcome): Record<string, unknown> {
    const { sale } = dispute;
    return {
      dispute_id: dispute.id,
      create_time: dispute.createTime,
      update_time: time,
      disputed_transactions: [
        {
          seller_transaction_id: sale.id,
          create_time: sale.time,
          transaction_status: 'COMPLETED',
          gross_amount: sale.amount,
          ...(sale.customId === undefined ? {} : { custom: sale.customId }),
          buyer: { name: 'John Doe' },
          seller: { merchant_id: 'LOCALMERCHANT1', name: 'Outpost' },
        },
      ],
      reason: dispute.reason,
      status: outcome === undefined ? 'OPEN' : 'RESOLVED',
      dispute_amount: sale.amount,
      ...(outcome === undefined
        ? {}
        : {
            dispute_outcome: {
              outcome_code: outcome,
              ...(outcome === 'RESOLVED_BUYER_FAVOUR' ? { amount_refunded: sale.amount } : {}),
            },
          }),
      dispute_life_cycle_stage: dispute.stage,
      dispute_channel: dispute.stage === 'CHARGEBACK' ? 'EXTERNAL' : 'INTERNAL',
      links: [{ href: `${apiUrl()}/v1/customer/disputes/${dispute.id}`, rel: 'self', method: 'GET' }],
    };
  }

  return {
    openDispute(saleId, options = {}) {
      const sale = subscriptions.findSale(saleId);
      if (!sale) throw new Error(`No local PayPal sale ${saleId}`);
      const time = new Date().toISOString();
      const dispute: StoredDispute = {
        id: `PP-D-${randomHex(4).toUpperCase()}`,
        sale,
        reason: options.reason ?? 'UNAUTHORISED',
        stage: options.stage ?? 'INQUIRY',
        createTime: time,
      };
      disputes.set(dispute.id, dispute);
      webhooks.emit('CUSTOMER.DISPUTE.CREATED', 'dispute', disputeJson(dispute, time), time, 'A new dispute opened');
      return dispute.id;
    },
    resolveDispute(disputeId, outcome) {
      const dispute = disputes.get(disputeId);
      if (!dispute) throw new Error(`No local PayPal dispute ${disputeId}`);
      if (outcome === 'RESOLVED_BUYER_FAVOUR') {
        subscriptions.reverseSubscriptionPayment(
          dispute.sale.id,
          dispute.stage === 'CHARGEBACK' ? 'CHARGEBACK' : 'BUYER_COMPLAINT',
        );
      }
      const time = new Date().toISOString();
      webhooks.emit(
        'CUSTOMER.DISPUTE.RESOLVED',
        'dispute',
        disputeJson(dispute, time, outcome),
        time,
        `A dispute was resolved: ${outcome}`,
      );
      disputes.delete(disputeId);
    },
  };
}
