import { itemTakeBackText, LEDGER_REASON_LABELS } from '@outpost/contracts/economy';
import { useCredits, useItems } from '../api/account';
import styles from './shop.module.css';

/** The signed-in player's balance, latest changes and inventory. */
export function Wallet() {
  const credits = useCredits(true);
  const items = useItems(true);
  return (
    <section className={styles.wallet} aria-labelledby="shop-wallet-title">
      <h2 id="shop-wallet-title">Your credits</h2>
      <p className={styles.balance} aria-live="polite">
        {credits.data ? `${credits.data.balance.toLocaleString('en-US')} credits` : credits.isError ? '—' : '…'}
      </p>
      {credits.data && credits.data.history.rows.length > 0 && (
        <details>
          <summary>Latest changes</summary>
          <ul className={styles.history}>
            {credits.data.history.rows.map((entry) => (
              <li key={entry.id}>
                <span>{LEDGER_REASON_LABELS[entry.reason]}</span>
                <span className={entry.amount < 0 ? styles.spent : styles.added}>
                  {entry.amount > 0 ? '+' : ''}
                  {entry.amount.toLocaleString('en-US')}
                </span>
                <time dateTime={entry.createdAt}>{new Date(entry.createdAt).toLocaleString()}</time>
              </li>
            ))}
          </ul>
        </details>
      )}
      <h3 id="shop-items-title">Your items</h3>
      {items.data?.items.length ? (
        <ul className={styles.items} aria-labelledby="shop-items-title">
          {items.data.items.map((item) => (
            <li key={`${item.itemID}-${item.claimedAt}-${item.source}`}>
              {item.name}
              {/* A take-back is a row of its own: how many, and why in staff's words. */}
              {item.quantity < 0
                ? ` −${(-item.quantity).toLocaleString('en-US')} (${itemTakeBackText(item.note)})`
                : item.quantity > 1
                  ? ` × ${item.quantity}`
                  : ''}
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.note}>{items.isPending ? 'Loading…' : 'Nothing yet: spin a machine or redeem a code.'}</p>
      )}
    </section>
  );
}
