import type { RedeemCodeResult } from '@outpost/contracts/claim-codes';
import { CallableError } from '../../../lib/callable';

const count = new Intl.NumberFormat('en-US');
const credits = (amount: number) => `${count.format(amount)} ${amount === 1 ? 'credit' : 'credits'}`;

/** The items of a redemption, each once with how many: "2 × taco, boba-tea". */
function itemList(itemIDs: readonly string[]): string {
  const quantities = new Map<string, number>();
  for (const itemID of itemIDs) quantities.set(itemID, (quantities.get(itemID) ?? 0) + 1);
  return [...quantities].map(([itemID, quantity]) => (quantity > 1 ? `${quantity} × ${itemID}` : itemID)).join(', ');
}

/** What a redemption granted and the balance after it, in words a player reads. */
export function grantedMessage(result: RedeemCodeResult): string {
  const granted: string[] = [];
  if (result.credits > 0) granted.push(credits(result.credits));
  if (result.rewards.length > 0) {
    granted.push(`${result.rewards.length === 1 ? 'the item' : 'the items'} ${itemList(result.rewards)}`);
  }
  return `Code redeemed! You got ${granted.join(' and ')}. Your balance is now ${credits(result.balance)}.`;
}

/** Why a redemption failed: the server's message (unknown, used up, already redeemed, sign in, wait). */
export function failureMessage(error: unknown): string {
  if (error instanceof CallableError && error.status === 'unauthenticated') return 'Sign in to redeem a code.';
  return error instanceof Error ? error.message : 'The code could not be redeemed. Please try again.';
}
