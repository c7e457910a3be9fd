import { SHOP_MESSAGES } from '@outpost/contracts/shop';
import { InsufficientCreditsError } from '../ledger/index';
import { FunctionError } from '../platform/http/errors';
import {
  NotYourOrderError,
  OrderNotFoundError,
  PaymentNotCompletedError,
  PayPalOffError,
  WrongPaymentError,
} from './payment-orders';
import { PayPalError } from './paypal/paypal-client';

const PAYMENT_MESSAGES: Record<PaymentNotCompletedError['status'], string> = {
  pending: 'PayPal is still processing this payment. Nothing is granted until it completes.',
  declined: SHOP_MESSAGES.paymentNotCompleted,
  mismatch: SHOP_MESSAGES.paymentMismatch,
};

/**
 * A payment's refusals (the order, PayPal's answer, credits short) as the protocol's statuses, in
 * words a player understands: every kind of order answers them the same way.
 */
export function paymentFunctionError(error: unknown): unknown {
  if (error instanceof InsufficientCreditsError) {
    return new FunctionError('aborted', SHOP_MESSAGES.notEnoughCredits, { balance: error.balance, cost: error.amount });
  }
  if (error instanceof PayPalOffError) return new FunctionError('unavailable', SHOP_MESSAGES.paypalOff);
  if (error instanceof OrderNotFoundError) return new FunctionError('not-found', SHOP_MESSAGES.orderNotFound);
  if (error instanceof NotYourOrderError) return new FunctionError('permission-denied', SHOP_MESSAGES.notYourOrder);
  if (error instanceof WrongPaymentError) return new FunctionError('invalid-argument', SHOP_MESSAGES.wrongPayment);
  if (error instanceof PaymentNotCompletedError) {
    return new FunctionError('aborted', PAYMENT_MESSAGES[error.status], { status: error.status });
  }
  if (error instanceof PayPalError) {
    if (error.issue === 'ORDER_NOT_APPROVED' || error.issue === 'PAYER_ACTION_REQUIRED') {
      return new FunctionError('aborted', 'The payment has not been approved on PayPal yet.');
    }
    if (error.issue === 'INVALID_RESOURCE_ID') return new FunctionError('not-found', SHOP_MESSAGES.orderNotFound);
    return new FunctionError(
      'unavailable',
      'PayPal could not be reached. Nothing was charged here; try again in a moment.',
    );
  }
  return error;
}
