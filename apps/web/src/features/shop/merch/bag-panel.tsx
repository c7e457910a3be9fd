import { MERCH_MAX_LINE_QUANTITY, type MerchCatalogue } from '@outpost/contracts/merch';
import { useId, useState } from 'react';
import { creditsText, dollarsText } from '../../../lib/commerce/order-text';
import type { PlacedOrder } from './api/place-order';
import { type PricedLine, priceBag, removeFromBag, setLineQuantity } from './bag';
import { Checkout } from './checkout';
import styles from './merch.module.css';
import { useBag } from './use-bag';

interface BagPanelProps {
  catalogue: MerchCatalogue;
  signedIn: boolean;
  onOrder: (placed: PlacedOrder) => void;
}

function problemText(line: PricedLine): string | null {
  switch (line.problem) {
    case 'unavailable':
      return line.product?.dropID && !line.product.soldOut
        ? 'Not on sale until its drop opens.'
        : 'No longer on sale: remove it to check out.';
    case 'sold-out':
      return 'Sold out: remove it to check out.';
    case 'short':
      return `Only ${line.stock} left: lower the quantity to check out.`;
    default:
      return null;
  }
}

/** The bag: its lines with quantities, the total in dollars and credits, and the way to checkout. */
export function BagPanel({ catalogue, signedIn, onOrder }: BagPanelProps) {
  const titleId = useId();
  const [lines, updateBag] = useBag();
  const [checkingOut, setCheckingOut] = useState(false);
  const priced = priceBag(lines, catalogue);

  return (
    <section id="merch-bag" className={styles.panel} aria-labelledby={titleId}>
      <h2 id={titleId}>Your bag</h2>
      {priced.lines.length === 0 ? (
        <p>Your bag is empty. Pick a size or style above and add it.</p>
      ) : (
        <>
          <ul className={styles.bagLines}>
            {priced.lines.map((item) => {
              const name = `${item.productName} (${item.varietyName})`;
              const most = Math.max(item.line.quantity, Math.min(MERCH_MAX_LINE_QUANTITY, Math.max(1, item.stock)));
              const problem = problemText(item);
              return (
                <li key={`${item.line.productID}\n${item.line.varietyID}`} className={styles.bagLine}>
                  <div>
                    <p>
                      <strong>{item.productName}</strong> ({item.varietyName})
                    </p>
                    {item.product && <p>{dollarsText(item.product.price)} each</p>}
                    {problem && <p className={styles.problem}>{problem}</p>}
                  </div>
                  <div className={styles.lineControls}>
                    <label className={styles.quantity}>
                      Quantity<span className="visually-hidden"> of {name}</span>
                      <select
                        value={item.line.quantity}
                        onChange={(event) =>
                          updateBag((now) => setLineQuantity(now, item.line, Number(event.target.value)))
                        }
                      >
                        {Array.from({ length: most }, (_, index) => index + 1).map((quantity) => (
                          <option key={quantity} value={quantity}>
                            {quantity}
                          </option>
                        ))}
                      </select>
                    </label>
                    <button
                      type="button"
                      className={styles.textButton}
                      onClick={() => updateBag((now) => removeFromBag(now, item.line))}
                    >
                      Remove<span className="visually-hidden"> {name}</span>
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
          <p className={styles.total}>
            Total: <strong>{dollarsText(priced.totalCents)}</strong> or{' '}
            <strong>{creditsText(priced.totalCredits)}</strong> ({priced.units} {priced.units === 1 ? 'item' : 'items'})
          </p>
          {checkingOut ? (
            <Checkout
              lines={lines}
              priced={priced}
              payments={catalogue.payments}
              signedIn={signedIn}
              onOrder={onOrder}
              onClose={() => setCheckingOut(false)}
            />
          ) : (
            <div>
              <button
                type="button"
                className={`button ${styles.action}`}
                disabled={!priced.orderable}
                onClick={() => setCheckingOut(true)}
              >
                Check out
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
