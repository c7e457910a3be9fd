import type { Environment } from '@outpost/contracts/environments';
import { PRODUCT_STATUS_LABELS } from '@outpost/contracts/products';
import { useId } from 'react';
import type { FieldErrors } from '../../../../components/form/field-errors';
import formStyles from '../../../../components/form/form.module.css';
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
  /** The form's field errors: the list's as `products`, a chosen product's as `products.{place}`. */
  errors?: FieldErrors;
}

/** What a refusal says of the products, once each, and whether it is about this product (or the list as a whole). */
function productErrors(errors: FieldErrors, value: readonly string[]) {
  const messages = [
    ...new Set(
      Object.entries(errors)
        .filter(([path]) => path === 'products' || path.startsWith('products.'))
        .map(([, message]) => message),
    ),
  ];
  const atFault = (productID: string) =>
    errors.products !== undefined ||
    (value.includes(productID) && errors[`products.${value.indexOf(productID)}`] !== undefined);
  return { text: messages.join(' '), atFault };
}

/**
 * The products a drop opens: a checkbox per product of the environment, by name, with its status
 * (a drop opens only Active products to players). A chosen id the environment no longer has stays
 * listed, so saving does not drop it silently. A refusal about the products marks the boxes it is
 * about (all of them when no product is chosen), its message under the legend.
 */
export function ProductPicker({ environment, value, onChange, errors = {} }: ProductPickerProps) {
  const choices = useProductChoices(environment);
  const known = choices.data?.rows ?? [];
  const missing = value.filter((id) => !known.some((product) => product.productID === id));
  const errorId = `${useId()}-error`;
  const refused = productErrors(errors, value);
  const marks = (productID: string) => ({ invalid: refused.atFault(productID), describedBy: errorId });
  return (
    <fieldset className={styles.picker} aria-busy={choices.isPending}>
      <legend>Products</legend>
      {refused.text && (
        <p id={errorId} className={formStyles.fieldError}>
          {refused.text}
        </p>
      )}
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
              {...marks(product.productID)}
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
                {...marks(productID)}
                onChange={(checked) => onChange(toggleProduct(value, productID, checked))}
              />
            </li>
          ))}
      </ul>
    </fieldset>
  );
}
