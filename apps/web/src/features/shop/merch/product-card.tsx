import type { MerchProduct, ShopMerchDrop } from '@outpost/contracts/merch';
import { useId, useState } from 'react';
import { creditsText, dollarsText } from '../../../lib/commerce/order-text';
import { CountdownTimer } from '../components/countdown-timer';
import shopStyles from '../components/shop.module.css';
import { addRefusal, addToBag } from './bag';
import styles from './merch.module.css';
import { useBag } from './use-bag';

interface ProductCardProps {
  product: MerchProduct;
  /** The drop that opens it, when it has one. */
  drop: ShopMerchDrop | undefined;
  offsetMs: number;
  onDropOpens: () => void;
}

/** "Medium, 35 left", "Small, sold out". */
function varietyLabel(variety: { varietyName: string; stock: number }): string {
  return `${variety.varietyName}, ${variety.stock === 0 ? 'sold out' : `${variety.stock.toLocaleString('en-US')} left`}`;
}

/** A merch product: photo, name, price in dollars and credits, digital-double badge, varieties with stock, Add to bag. */
export function ProductCard({ product, drop, offsetMs, onDropOpens }: ProductCardProps) {
  const titleId = useId();
  const [bag, updateBag] = useBag();
  const firstInStock = product.varieties.find((variety) => variety.stock > 0)?.varietyID ?? '';
  const [chosen, setChosen] = useState(firstInStock);
  const [added, setAdded] = useState('');
  const variety = product.varieties.find((candidate) => candidate.varietyID === chosen && candidate.stock > 0);
  const refusal = variety ? addRefusal(bag, { productID: product.productID, varietyID: variety.varietyID }) : null;
  const waitingForDrop = drop !== undefined && !drop.open;
  const image = product.images[0];

  const add = () => {
    if (!variety || refusal) return;
    const item = { productID: product.productID, varietyID: variety.varietyID };
    updateBag((lines) => addToBag(lines, item));
    setAdded(`Added ${product.name} (${variety.varietyName}) to your bag.`);
  };

  return (
    <li className={shopStyles.card} aria-labelledby={titleId}>
      {image ? (
        <img
          className={styles.photo}
          src={image.thumbnailUrl}
          alt={product.name}
          width={320}
          height={320}
          loading="lazy"
        />
      ) : (
        <div className={styles.placeholder} aria-hidden="true" />
      )}
      <h3 id={titleId}>{product.name}</h3>
      {product.isDigitalDouble && <p className={styles.digitalDouble}>Digital double: yours in game too</p>}
      {product.soldOut && <p className={styles.soldOut}>Sold out</p>}
      {product.description && <p>{product.description}</p>}
      <p className={styles.prices}>
        <span className={styles.dollars}>{dollarsText(product.price)}</span>
        <span className={styles.inCredits}>or {creditsText(product.priceCredits)}</span>
      </p>
      {waitingForDrop && drop && (
        <p id={`${titleId}-drop`} className={shopStyles.drop}>
          On sale with {drop.name}, which opens in{' '}
          <CountdownTimer to={drop.opensAt} offsetMs={offsetMs} onDone={onDropOpens} />.
        </p>
      )}
      {product.varieties.length > 0 && (
        <fieldset className={styles.varieties}>
          <legend>Choose a size or style</legend>
          <div className={styles.chips}>
            {product.varieties.map((option) => (
              <label key={option.varietyID} className={styles.chip}>
                <input
                  type="radio"
                  name={`${titleId}-variety`}
                  value={option.varietyID}
                  checked={chosen === option.varietyID}
                  disabled={option.stock === 0}
                  onChange={() => setChosen(option.varietyID)}
                />
                {varietyLabel(option)}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {!product.soldOut && (
        <div className={shopStyles.actions}>
          <button
            type="button"
            className={`button ${styles.action}`}
            disabled={!product.orderable || !variety || !!refusal}
            // Why it cannot be added now, when the card says: the bag's refusal, or the drop to wait for.
            aria-describedby={refusal ? `${titleId}-refusal` : waitingForDrop ? `${titleId}-drop` : undefined}
            onClick={add}
          >
            Add to bag
          </button>
        </div>
      )}
      {refusal && (
        <p id={`${titleId}-refusal`} className={shopStyles.note}>
          {refusal}
        </p>
      )}
      <p role="status" className={styles.added}>
        {added}
      </p>
    </li>
  );
}
