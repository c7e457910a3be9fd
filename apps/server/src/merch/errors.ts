import { MERCH_MESSAGES, tooManyOpenOrdersText } from '@outpost/contracts/merch';
import {
  CheckoutSessionCompletedError,
  paymentFunctionError,
  StripeApiError,
  StripePriceMismatchError,
} from '../payments/index';
import { FunctionError } from '../platform/http/errors';
import { DropAlreadyOpenError, MerchDropNotFoundError } from './drops';
import {
  DropNotOpenError,
  MerchOrderNotFoundError,
  MerchProfileRequiredError,
  MerchSoldOutError,
  NotAwaitingPaymentError,
  NotYourMerchOrderError,
  OrderCreditsShortError,
  PayPalNotApprovedError,
  ProductNotOnSaleError,
  ReservationLapsedError,
  StripeOffError,
  TooManyOpenOrdersError,
  VarietyNotFoundError,
  WrongMerchPaymentError,
} from './merch-orders';

/**
 * The merch shop's refusals as the protocol's statuses, in words a player understands: its own,
 * Stripe's, and payments' (PayPal's among them), so a payment refusal reads the same at every step.
 */
export function merchFunctionError(error: unknown): unknown {
  if (error instanceof MerchProfileRequiredError) {
    return new FunctionError('aborted', MERCH_MESSAGES.profileRequired, { profileRequired: true });
  }
  if (error instanceof ProductNotOnSaleError) {
    return new FunctionError('not-found', MERCH_MESSAGES.productUnavailable, { productID: error.productID });
  }
  if (error instanceof VarietyNotFoundError) {
    return new FunctionError('not-found', MERCH_MESSAGES.varietyNotFound, {
      productID: error.productID,
      varietyID: error.varietyID,
    });
  }
  if (error instanceof DropNotOpenError) {
    return new FunctionError('aborted', `${MERCH_MESSAGES.dropNotOpen} ${error.dropName} opens ${error.opensAt}.`, {
      opensAt: error.opensAt,
    });
  }
  if (error instanceof MerchSoldOutError) {
    return new FunctionError('aborted', `${MERCH_MESSAGES.soldOut} ${error.productName} (${error.varietyName}).`);
  }
  if (error instanceof MerchOrderNotFoundError) return new FunctionError('not-found', MERCH_MESSAGES.orderNotFound);
  if (error instanceof NotYourMerchOrderError)
    return new FunctionError('permission-denied', MERCH_MESSAGES.notYourOrder);
  if (error instanceof NotAwaitingPaymentError) {
    return new FunctionError('aborted', MERCH_MESSAGES.notAwaitingPayment, { status: error.status });
  }
  if (error instanceof WrongMerchPaymentError)
    return new FunctionError('invalid-argument', 'This order is not paid that way.');
  if (error instanceof ReservationLapsedError) return new FunctionError('aborted', MERCH_MESSAGES.reservationLapsed);
  if (error instanceof StripeOffError) return new FunctionError('unavailable', MERCH_MESSAGES.stripeOff);
  if (error instanceof OrderCreditsShortError) {
    return new FunctionError('aborted', MERCH_MESSAGES.notEnoughCredits, { balance: error.balance, cost: error.cost });
  }
  if (error instanceof TooManyOpenOrdersError) return new FunctionError('aborted', tooManyOpenOrdersText());
  if (error instanceof PayPalNotApprovedError) return new FunctionError('aborted', MERCH_MESSAGES.paypalNotApproved);
  if (error instanceof MerchDropNotFoundError) return new FunctionError('not-found', MERCH_MESSAGES.dropNotFound);
  if (error instanceof DropAlreadyOpenError) return new FunctionError('aborted', MERCH_MESSAGES.dropAlreadyOpen);
  if (error instanceof StripeApiError) {
    return new FunctionError(
      'unavailable',
      'Card payments could not be reached. Nothing was charged; try again in a moment.',
    );
  }
  if (error instanceof StripePriceMismatchError) {
    return new FunctionError(
      'aborted',
      'Card payment is not available for this item: its price at Stripe does not match the shop’s. Nothing was charged; paying in credits still works.',
      { priceID: error.priceID },
    );
  }
  // The player paid on Stripe's page before cancelling: the webhook is on its way to mark it paid.
  if (error instanceof CheckoutSessionCompletedError) {
    return new FunctionError('aborted', MERCH_MESSAGES.notAwaitingPayment, { status: 'paid' });
  }
  return paymentFunctionError(error);
}
