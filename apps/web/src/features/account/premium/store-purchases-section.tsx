import { GAME_STORE_NAMES, type StorePurchase } from '@outpost/contracts/store-purchases/schemas';
import { formatDay } from '../../../lib/format-day';
import styles from '../account.module.css';
import { useStorePurchases } from '../api/premium';
import { AccountSection } from '../components/account-section';

const credits = (amount: number) => amount.toLocaleString('en-US');

function what(purchase: StorePurchase): string {
  return purchase.kind === 'premium' ? 'Premium' : `${credits(purchase.credits ?? 0)} credits`;
}

/** How a store's refund came out of the ledger, in the player's words. */
function reversalText(purchase: StorePurchase): string | null {
  const { reversal } = purchase;
  if (!reversal) return null;
  const store = GAME_STORE_NAMES[purchase.store];
  const verb = reversal.kind === 'refund' ? `Refunded by ${store}` : `Revoked by ${store}`;
  if (purchase.kind === 'premium') return `${verb} on ${formatDay(reversal.at)}: premium from it ended.`;
  const spent =
    reversal.creditsAlreadySpent > 0
      ? ` ${credits(reversal.creditsAlreadySpent)} had already been spent and stay spent.`
      : '';
  return `${verb} on ${formatDay(reversal.at)}: ${credits(reversal.creditsTakenBack)} credits were taken back.${spent}`;
}

/** "Purchases in the game": what the player bought in the App Store or Google Play, and any refund of it. */
export function StorePurchasesSection() {
  const purchases = useStorePurchases();
  if (!purchases.data || purchases.data.length === 0) return null;
  return (
    <AccountSection title="Purchases in the game">
      <ul className={styles.orders}>
        {purchases.data.map((purchase) => (
          <li key={`${purchase.store}:${purchase.transactionId}`} className={styles.order}>
            <p className={styles.stateLine}>
              <strong>{what(purchase)}</strong> from {GAME_STORE_NAMES[purchase.store]} on{' '}
              <time dateTime={purchase.purchasedAt}>{formatDay(purchase.purchasedAt)}</time>
            </p>
            {reversalText(purchase) && <p className={styles.note}>{reversalText(purchase)}</p>}
          </li>
        ))}
      </ul>
    </AccountSection>
  );
}
