import { type CreditPack, SHOP_MESSAGES, type ShopMachine } from '@outpost/contracts/shop';

/*
 * Why a shop button cannot act now, in the server's own words, or null when it can: shown beside
 * the disabled button (docs/decisions/0108-buttons-that-cannot-act.md), so a player never presses a button that looks
 * ready and only learns from the refusal.
 */

export const SIGN_IN_TO_SPIN = 'Sign in to spin.';
export const SIGN_IN_TO_BUY = 'Sign in to buy credits.';

export interface SpinState {
  shopOpen: boolean;
  signedIn: boolean;
  /** The player's credits; null while unknown (signed out, or still loading). */
  balance: number | null;
}

/** Why a spin with credits cannot be taken now. */
export function spinBlocker(machine: ShopMachine, state: SpinState): string | null {
  if (!state.shopOpen) return SHOP_MESSAGES.notOpenYet;
  if (!machine.available) return SHOP_MESSAGES.machineUnavailable;
  if (machine.prizes.every((prize) => prize.stock === 0)) return SHOP_MESSAGES.soldOut;
  if (!machine.spinnable) return SHOP_MESSAGES.dropClosed;
  if (!state.signedIn) return SIGN_IN_TO_SPIN;
  if (state.balance !== null && state.balance < machine.costCredits) return SHOP_MESSAGES.notEnoughCredits;
  return null;
}

/** Why a credit pack cannot be bought now. */
export function packBlocker(
  pack: Pick<CreditPack, 'available'>,
  state: { signedIn: boolean; paypalOn: boolean },
): string | null {
  if (!pack.available) return SHOP_MESSAGES.packUnavailable;
  if (!state.paypalOn) return SHOP_MESSAGES.paypalOff;
  if (!state.signedIn) return SIGN_IN_TO_BUY;
  return null;
}
