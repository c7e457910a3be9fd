import { SHOP_MESSAGES } from '@outpost/contracts/shop';
import { paymentFunctionError } from '../payments/index';
import { FunctionError } from '../platform/http/errors';
import {
  NoPayPalPriceError,
  OrderSettledAsCreditsError,
  PackNotFoundError,
  PackUnavailableError,
  SpinRefundedAsCreditsError,
} from './pack-and-spin-orders';
import { DropClosedError, MachineNotFoundError, MachineUnavailableError, ShopClosedError, SoldOutError } from './spins';

/** The shop's refusals, its payments' among them, as the protocol's statuses and words a player understands. */
export function shopFunctionError(error: unknown): unknown {
  if (error instanceof ShopClosedError) {
    return new FunctionError('aborted', SHOP_MESSAGES.notOpenYet, { shopOpens: error.shopOpens });
  }
  if (error instanceof MachineNotFoundError) return new FunctionError('not-found', SHOP_MESSAGES.machineNotFound);
  if (error instanceof MachineUnavailableError) return new FunctionError('aborted', SHOP_MESSAGES.machineUnavailable);
  if (error instanceof DropClosedError) return new FunctionError('aborted', SHOP_MESSAGES.dropClosed);
  if (error instanceof SoldOutError) return new FunctionError('aborted', SHOP_MESSAGES.soldOut);
  if (error instanceof PackNotFoundError) return new FunctionError('not-found', SHOP_MESSAGES.packNotFound);
  if (error instanceof PackUnavailableError) return new FunctionError('aborted', SHOP_MESSAGES.packUnavailable);
  if (error instanceof NoPayPalPriceError) return new FunctionError('invalid-argument', SHOP_MESSAGES.noPayPalPrice);
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
  return paymentFunctionError(error);
}
