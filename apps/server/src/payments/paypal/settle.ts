import {
  type PayPalCapture,
  PayPalError,
  type PayPalMoney,
  type PayPalOrder,
  type PayPalOrdersApi,
  type PayPalPayer,
  type PayPalPurchaseUnit,
} from './paypal-client';
import { type CaptureVerdict, type OutpostOrderRecord, verifyCapture } from './verify-capture';

/** What a paypal-transactions record keeps of PayPal's answer (docs/product.md §3.16: shipping, result). */
export interface PayPalTransactionData {
  orderID: string;
  orderStatus: string | undefined;
  captureId: string | undefined;
  captureStatus: string | undefined;
  /** Why PayPal holds the capture (PENDING_REVIEW, ECHECK, …). */
  captureStatusReason: string | undefined;
  /** The amount PayPal captured, as PayPal wrote it. */
  amount: PayPalMoney | undefined;
  paypalFee: PayPalMoney | undefined;
  netAmount: PayPalMoney | undefined;
  customId: string | undefined;
  payer: PayPalPayer | undefined;
  shipping: PayPalPurchaseUnit['shipping'];
  capturedAt: string | undefined;
  /** PayPal's id for a refused call (INSTRUMENT_DECLINED), for its support. */
  debugId: string | undefined;
}

export interface Settlement {
  verdict: CaptureVerdict;
  /** The order had been captured before this call (a retry, a second tab): read back, not captured again. */
  alreadyCaptured: boolean;
  transaction: PayPalTransactionData;
  /** PayPal's order as last seen; undefined when PayPal refused the capture outright. */
  order: PayPalOrder | undefined;
}

/**
 * Captures the buyer's approved order and decides from PayPal's answer whether it paid for
 * Outpost's record. `requestId` must stay the same for every attempt at settling one record, so
 * PayPal answers a repeat with the first capture's result. An order captured before (by another
 * request id) is read back and verified the same way, so processing twice fulfils at most once
 * per record. INSTRUMENT_DECLINED is a declined outcome; other refusals (ORDER_NOT_APPROVED, an
 * unknown order) and PayPal being unreachable are thrown as PayPalError for the caller to answer.
 */
export async function captureAndVerify(
  paypal: Pick<PayPalOrdersApi, 'captureOrder' | 'getOrder'>,
  record: OutpostOrderRecord,
  requestId: string,
): Promise<Settlement> {
  let order: PayPalOrder;
  let alreadyCaptured = false;
  try {
    order = await paypal.captureOrder(record.orderID, requestId);
  } catch (error) {
    if (!(error instanceof PayPalError)) throw error;
    if (error.issue === 'INSTRUMENT_DECLINED') {
      return {
        verdict: { outcome: 'declined', captureId: undefined, reason: error.message },
        alreadyCaptured: false,
        transaction: { ...transactionData(record.orderID, undefined), debugId: error.debugId },
        order: undefined,
      };
    }
    if (error.issue !== 'ORDER_ALREADY_CAPTURED') throw error;
    order = await paypal.getOrder(record.orderID);
    alreadyCaptured = true;
  }
  const verdict = verifyCapture(record, order);
  return { verdict, alreadyCaptured, transaction: transactionData(record.orderID, order, verdict), order };
}

function transactionData(
  orderID: string,
  order: PayPalOrder | undefined,
  verdict?: CaptureVerdict,
): PayPalTransactionData {
  const unit = order?.purchase_units?.[0];
  const captures = unit?.payments?.captures ?? [];
  const capture: PayPalCapture | undefined = captures.find((each) => each.id === verdict?.captureId) ?? captures.at(-1);
  const breakdown = capture?.seller_receivable_breakdown;
  return {
    orderID,
    orderStatus: order?.status,
    captureId: capture?.id,
    captureStatus: capture?.status,
    captureStatusReason: capture?.status_details?.reason,
    amount: capture?.amount,
    paypalFee: breakdown?.paypal_fee,
    netAmount: breakdown?.net_amount,
    customId: capture?.custom_id ?? unit?.custom_id,
    payer: order?.payer,
    shipping: unit?.shipping,
    capturedAt: capture?.create_time,
    debugId: undefined,
  };
}
