import type { Environment } from '@outpost/contracts/environments';
import { PRODUCT_STATUS_LABELS } from '@outpost/contracts/products';
import adminStyles from '../../components/admin-screen.module.css';
import { CheckboxField } from '../../components/checkbox-field';
import { useProductChoices } from '../api/get-product-choices';
import { toggleProduct } from '../drop-form';
import styles from '../merch.module.css';

interface ProductPickerProps {
  environment: Environment;
  /** The chosen product ids, in the order the drop shows them. */
  value: readonly string[];
  onChange: (products: string[]) => void;
}

/**
 * The products a drop opens: a checkbox per product of the environment, by name, with its status
 * (a drop opens only Active products to players). A chosen id the environment no longer has stays
 * listed, so saving does not drop it silently.
 */
export function ProductPicker({ environment, value, onChange }: ProductPickerProps) {
  const choices = useProductChoices(environment);
  const known = choices.data?.rows ?? [];
  const missing = value.filter((id) => !known.some((product) => product.productID === id));
  return (
    <fieldset className={styles.picker} aria-busy={choices.isPending}>
      <legend>Products</legend>
      {choices.isPending && (
        <p role="status" className={adminStyles.note}>
          Loading the products…
        </p>
      )}
      {choices.isError && (
        <p role="alert" className={adminStyles.failure}>
          The products could not be loaded: {choices.error.message}
        </p>
      )}
      {choices.isSuccess && known.length === 0 && (
        <p className={adminStyles.note}>This environment has no products yet.</p>
      )}
      <ul className={styles.choices}>
        {known.map((product) => (
          <li key={product.productID}>
            <CheckboxField
              label={`${product.name} (${product.productID}), ${PRODUCT_STATUS_LABELS[product.status]}`}
              checked={value.includes(product.productID)}
              onChange={(checked) => onChange(toggleProduct(value, product.productID, checked))}
            />
          </li>
        ))}
        {choices.isSuccess &&
          missing.map((productID) => (
            <li key={productID}>
              <CheckboxField
                label={`${productID} (no such product in ${environment})`}
                checked
                onChange={(checked) => onChange(toggleProduct(value, productID, checked))}
              />
            </li>
          ))}
      </ul>
    </fieldset>
  );
}
