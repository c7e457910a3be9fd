import { useEffect, useRef } from 'react';
import listStyles from '../../../../components/admin-list/admin-list.module.css';
import type { FieldErrors } from '../../../../components/form/field-errors';
import { FormField } from '../../../../components/form/form-field';
import adminStyles from '../../components/admin-screen.module.css';
import { blankVariety, newVarietyId, type VarietyDraft } from '../product-form';
import styles from '../products.module.css';

interface VarietiesEditorProps {
  varieties: VarietyDraft[];
  onChange: (varieties: VarietyDraft[]) => void;
  /**
   * `create`: every field editable, added rows blank. `edit` (docs/product.md §5.3): an added row gets a
   * generated ID prefixed 'variety-', a saved variety keeps its ID, and its lifetime quantity shows.
   */
  mode: 'create' | 'edit';
  /** The form's field errors: a variety's are keyed `varieties.{place}.{field}`, as the schema and server key them. */
  errors?: FieldErrors;
}

/**
 * The product's varieties (docs/product.md §2.11): Variety ID (lower-cased as it is typed), Variety Name,
 * Stripe Product ID, Quantity, Remove, '+ Add Variety'. Focus follows the change: into a new
 * row's first field, or to '+ Add Variety' once a row is removed.
 */
export function VarietiesEditor({ varieties, onChange, mode, errors = {} }: VarietiesEditorProps) {
  const list = useRef<HTMLOListElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const focusNext = useRef<{ key: string } | 'add' | null>(null);

  useEffect(() => {
    const target = focusNext.current;
    focusNext.current = null;
    if (target === 'add') addButton.current?.focus();
    else if (target) {
      list.current?.querySelector<HTMLInputElement>(`[data-row="${target.key}"] input:not([readonly])`)?.focus();
    }
  });

  const update = (key: string, changes: Partial<VarietyDraft>) =>
    onChange(varieties.map((variety) => (variety.key === key ? { ...variety, ...changes } : variety)));
  const add = () => {
    const row = blankVariety(mode === 'edit' ? newVarietyId() : '');
    focusNext.current = { key: row.key };
    onChange([...varieties, row]);
  };
  const remove = (key: string) => {
    focusNext.current = 'add';
    onChange(varieties.filter((variety) => variety.key !== key));
  };

  return (
    <fieldset className={adminStyles.group}>
      <legend>Varieties</legend>
      <ol ref={list} className={styles.varieties}>
        {varieties.map((variety, index) => {
          const errorOf = (field: keyof VarietyDraft) => errors[`varieties.${index}.${field}`];
          return (
            <li key={variety.key} data-row={variety.key}>
              <fieldset className={styles.variety}>
                <legend>Variety {index + 1}</legend>
                <div className={styles.varietyFields}>
                  <FormField
                    label="Variety ID"
                    error={errorOf('varietyID')}
                    value={variety.varietyID}
                    readOnly={variety.stored !== null}
                    hint={variety.stored !== null ? 'A saved variety keeps its ID.' : undefined}
                    autoCapitalize="none"
                    spellCheck={false}
                    onChange={(event) => update(variety.key, { varietyID: event.target.value.toLowerCase() })}
                  />
                  <FormField
                    label="Variety Name"
                    error={errorOf('varietyName')}
                    value={variety.varietyName}
                    onChange={(event) => update(variety.key, { varietyName: event.target.value })}
                  />
                  <FormField
                    label="Stripe Product ID"
                    error={errorOf('stripeID')}
                    value={variety.stripeID}
                    spellCheck={false}
                    onChange={(event) => update(variety.key, { stripeID: event.target.value })}
                  />
                  <FormField
                    label="Quantity"
                    error={errorOf('quantity')}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    step={1}
                    value={variety.quantity}
                    onChange={(event) => update(variety.key, { quantity: event.target.value })}
                  />
                  {mode === 'edit' && variety.stored !== null && (
                    <p className={styles.lifetime}>
                      Lifetime quantity: <strong>{variety.stored.lifetimeQuantity}</strong>
                    </p>
                  )}
                  <button
                    type="button"
                    className={listStyles.plainButton}
                    aria-label={`Remove variety ${index + 1}`}
                    onClick={() => remove(variety.key)}
                  >
                    Remove
                  </button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <button ref={addButton} type="button" className={listStyles.plainButton} onClick={add}>
        + Add Variety
      </button>
    </fieldset>
  );
}
