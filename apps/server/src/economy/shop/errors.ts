import { SHOP_MESSAGES } from '@outpost/contracts/shop';
import { FunctionError } from '../../platform/http/errors';
import { InsufficientCreditsError } from '../ledger';
import { PayPalError } from '../paypal/paypal-client';
import {
  NoPayPalPriceError,
  NotYourOrderError,
  OrderNotFoundError,
  OrderSettledAsCreditsError,
  PackNotFoundError,
  PackUnavailableError,
  PaymentNotCompletedError,
  PayPalOffError,
  SpinRefundedAsCreditsError,
  WrongPaymentError,
} from './orders';
import { DropClosedError, MachineNotFoundError, MachineUnavailableError, ShopClosedError, SoldOutError } from './spins';

const PAYMENT_MESSAGES: Record<PaymentNotCompletedError['status'], string> = {
  pending: 'PayPal is still processing this payment. Nothing is granted until it completes.',
  declined: SHOP_MESSAGES.paymentNotCompleted,
  mismatch: SHOP_MESSAGES.paymentMismatch,
};

/** The shop's refusals as the protocol's statuses and words a player understands. */
export function shopFunctionError(error: unknown): unknown {
  if (error instanceof ShopClosedError) {
    return new FunctionError('aborted', SHOP_MESSAGES.notOpenYet, { shopOpens: error.shopOpens });
  }
  if (error instanceof MachineNotFoundError) return new FunctionError('not-found', SHOP_MESSAGES.machineNotFound);
  if (error instanceof MachineUnavailableError) return new FunctionError('aborted', SHOP_MESSAGES.machineUnavailable);
  if (error instanceof DropClosedError) return new FunctionError('aborted', SHOP_MESSAGES.dropClosed);
  if (error instanceof SoldOutError) return new FunctionError('aborted', SHOP_MESSAGES.soldOut);
  if (error instanceof InsufficientCreditsError) {
    return new FunctionError('aborted', SHOP_MESSAGES.notEnoughCredits, { balance: error.balance, cost: error.amount });
  }
  if (error instanceof PackNotFoundError) return new FunctionError('not-found', SHOP_MESSAGES.packNotFound);
  if (error instanceof PackUnavailableError) return new FunctionError('aborted', SHOP_MESSAGES.packUnavailable);
  if (error instanceof NoPayPalPriceError) return new FunctionError('invalid-argument', SHOP_MESSAGES.noPayPalPrice);
  if (error instanceof PayPalOffError) return new FunctionError('unavailable', SHOP_MESSAGES.paypalOff);
  if (error instanceof OrderNotFoundError) return new FunctionError('not-found', SHOP_MESSAGES.orderNotFound);
  if (error instanceof NotYourOrderError) return new FunctionError('permission-denied', SHOP_MESSAGES.notYourOrder);
  if (error instanceof WrongPaymentError) return new FunctionError('invalid-argument', SHOP_MESSAGES.wrongPayment);
  if (error instanceof PaymentNotCompletedError) {
    return new FunctionError('aborted', PAYMENT_MESSAGES[error.status], { status: error.status });
  }
  if (error instanceof OrderSettledAsCreditsError) {
    return new FunctionError('aborted', error.message, { credits: error.credits });
  }
  if (error instanceof SpinRefundedAsCreditsError) {
    const refusal = shopFunctionError(error.refusal);
    const reason = refusal instanceof Error ? refusal.message : SHOP_MESSAGES.soldOut;
    return new FunctionError(
      'aborted',
      `${reason} Your payment was added to your balance as ${error.credits} credits instead.`,
      { credits: error.credits, balance: error.balance },
    );
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
