import type { RedeemCodeResult } from '@outpost/contracts/claim-codes';
import { CallableError } from '../../../lib/callable';

const count = new Intl.NumberFormat('en-US');
const credits = (amount: number) => `${count.format(amount)} ${amount === 1 ? 'credit' : 'credits'}`;

/** The items of a redemption by name, each once with how many: "2 × Taco, Boba Tea". */
function itemList(items: RedeemCodeResult['rewardItems']): string {
  const quantities = new Map<string, { name: string; quantity: number }>();
  for (const item of items) {
    const counted = quantities.get(item.itemID);
    quantities.set(item.itemID, { name: item.name, quantity: (counted?.quantity ?? 0) + 1 });
  }
  return [...quantities.values()]
    .map(({ name, quantity }) => (quantity > 1 ? `${quantity} × ${name}` : name))
    .join(', ');
}

/** What a redemption granted and the balance after it, in words a player reads. */
export function grantedMessage(result: RedeemCodeResult): string {
  const granted: string[] = [];
  if (result.credits > 0) granted.push(credits(result.credits));
  if (result.rewardItems.length > 0) {
    granted.push(`${result.rewardItems.length === 1 ? 'the item' : 'the items'} ${itemList(result.rewardItems)}`);
  }
  return `Code redeemed! You got ${granted.join(' and ')}. Your balance is now ${credits(result.balance)}.`;
}

/** Why a redemption failed: the server's message (unknown, used up, already redeemed, sign in, wait). */
export function failureMessage(error: unknown): string {
  if (error instanceof CallableError && error.status === 'unauthenticated') return 'Sign in to redeem a code.';
  return error instanceof Error ? error.message : 'The code could not be redeemed. Please try again.';
}
