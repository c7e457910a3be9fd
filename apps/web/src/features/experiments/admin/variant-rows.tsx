import type { RemoteConfigParameter } from '@outpost/contracts/remote-config/schemas';
import listStyles from '../../../components/admin-list/admin-list.module.css';
import type { FieldErrors } from '../../../components/form/field-errors';
import { FormField } from '../../../components/form/form-field';
import adminStyles from '../../admin/components/admin-screen.module.css';
import { ValueField } from '../../remote-config/admin/value-field';
import {
  addedVariant,
  MAX_VARIANTS,
  MIN_VARIANTS,
  type VariantDraft,
  variantField,
  variantLegend,
  weightShares,
} from '../variants';
import styles from './experiments.module.css';

interface VariantRowsProps {
  drafts: readonly VariantDraft[];
  /** The parameter the variants give values to; its type picks each value's input. */
  parameter: RemoteConfigParameter | null;
  errors: FieldErrors;
  onChange: (drafts: VariantDraft[]) => void;
  /** The row at `index` is removed: the form takes it out, and its errors with it. */
  onRemove: (index: number) => void;
}

/**
 * The variants, two to five, one box each: a name, the parameter's value in the input its type asks
 * for, and a weight with the share of players it gives. The first is the control, which the others
 * are compared with.
 */
export function VariantRows({ drafts, parameter, errors, onChange, onRemove }: VariantRowsProps) {
  const shares = weightShares(drafts);
  const set = (index: number, fields: Partial<VariantDraft>) =>
    onChange(drafts.map((draft, at) => (at === index ? { ...draft, ...fields } : draft)));
  const added = addedVariant(drafts, parameter);
  return (
    <fieldset
      className={adminStyles.groupOfBoxes}
      aria-describedby={errors.variants ? 'experiment-variants-error' : undefined}
    >
      <legend>Variants</legend>
      <p className={styles.note}>
        The control is what players are compared against; give it the value players get now. Each player is drawn into
        one variant by a stable hash, in proportion to the weights.
      </p>
      {errors.variants && (
        <p id="experiment-variants-error" className={styles.fieldError}>
          {errors.variants}
        </p>
      )}
      <ol className={styles.variantList}>
        {drafts.map((draft, index) => {
          const legend = variantLegend(index);
          const share = shares[index];
          return (
            // Rows are only added at the end and removed by position: the index is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above.
            <li key={index}>
              <fieldset className={styles.variant}>
                <legend>{legend}</legend>
                <FormField
                  label={`${legend}: name`}
                  className={styles.variantName}
                  value={draft.name}
                  error={errors[variantField(index, 'name')]}
                  autoComplete="off"
                  onChange={(event) => set(index, { name: event.target.value })}
                />
                <div className={styles.variantValue}>
                  {parameter ? (
                    <ValueField
                      label={`${legend}: value of ${parameter.key}`}
                      type={parameter.type}
                      text={draft.text}
                      error={errors[variantField(index, 'value')]}
                      onChange={(text) => set(index, { text })}
                    />
                  ) : (
                    <p className={styles.note}>Choose the parameter first: its type decides the value’s input.</p>
                  )}
                </div>
                <FormField
                  label={`${legend}: weight`}
                  className={styles.variantWeight}
                  inputMode="numeric"
                  value={draft.weight}
                  error={errors[variantField(index, 'weight')]}
                  hint={share === null ? '1 to 100.' : `1 to 100: ${share}% of the players.`}
                  onChange={(event) => set(index, { weight: event.target.value })}
                />
                {drafts.length > MIN_VARIANTS && (
                  <button
                    type="button"
                    className={`${listStyles.plainButton} ${styles.remove}`}
                    onClick={() => onRemove(index)}
                  >
                    Remove {draft.name.trim() || legend}
                  </button>
                )}
              </fieldset>
            </li>
          );
        })}
      </ol>
      {added ? (
        <button type="button" className={listStyles.plainButton} onClick={() => onChange(added)}>
          + Add a variant
        </button>
      ) : (
        <p className={styles.note}>An experiment has at most {MAX_VARIANTS} variants.</p>
      )}
    </fieldset>
  );
}
