import { centsToDollars } from '@outpost/contracts/products';
import type { CreditPack } from '@outpost/contracts/shop';
import { useId, useState } from 'react';
import { createPayPalOrder, processPayPalOrder } from '../api/paypal-checkout';
import { packBlocker } from './blockers';
import { CheckoutPanel } from './checkout-panel';
import styles from './shop.module.css';

interface PackCardProps {
  pack: CreditPack;
  /** Null when PayPal is not set up. */
  paypalClientId: string | null;
  signedIn: boolean;
}

export function PackCard({ pack, paypalClientId, signedIn }: PackCardProps) {
  const reasonId = useId();
  const [checkingOut, setCheckingOut] = useState(false);
  const blocked = packBlocker(pack, { signedIn, paypalOn: paypalClientId !== null });
  const price = `$${centsToDollars(pack.costUSD)}`;
  return (
    <li className={pack.available ? styles.card : `${styles.card} ${styles.unavailable}`}>
      <h3>{pack.name}</h3>
      {!pack.available && <p className={styles.badge}>Unavailable: players do not see this pack</p>}
      <p className={styles.credits}>{pack.credits.toLocaleString('en-US')} credits</p>
      <p className={styles.price}>{price}</p>
      {checkingOut && paypalClientId && !blocked ? (
        <CheckoutPanel
          summary={`${pack.name}: ${pack.credits.toLocaleString('en-US')} credits for ${price}`}
          paypalClientId={paypalClientId}
          createOrder={() => createPayPalOrder({ kind: 'credit-pack', packID: pack.packID, payment: 'paypal' })}
          settle={async (paypalOrderID, requestKey) => {
            const result = await processPayPalOrder(paypalOrderID, requestKey);
            return `Thank you! ${result.credits.toLocaleString('en-US')} credits were added. Your balance is ${result.balance.toLocaleString('en-US')}.`;
          }}
          onClose={() => setCheckingOut(false)}
        />
      ) : (
        <>
          <button
            type="button"
            className="button"
            disabled={blocked !== null}
            aria-describedby={blocked ? reasonId : undefined}
            onClick={() => setCheckingOut(true)}
          >
            Buy with PayPal
          </button>
          {blocked && (
            <p id={reasonId} className={styles.blocked}>
              {blocked}
            </p>
          )}
        </>
      )}
    </li>
  );
}
