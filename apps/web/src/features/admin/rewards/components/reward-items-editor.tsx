import type { Environment } from '@outpost/contracts/environments';
import { REWARD_MAX_ITEM_QUANTITY, REWARD_MAX_ITEMS } from '@outpost/contracts/rewards';
import { useId } from 'react';
import listStyles from '../../../../components/admin-list/admin-list.module.css';
import type { FieldErrors } from '../../../../components/form/field-errors';
import { FormField } from '../../../../components/form/form-field';
import { useItemChoices } from '../../api/get-item-choices';
import adminStyles from '../../components/admin-screen.module.css';
import { blankItem, type ItemDraft } from '../reward-form';
import styles from '../rewards.module.css';

interface RewardItemsEditorProps {
  environment: Environment;
  items: ItemDraft[];
  /** The form's fields at fault, keyed by their path in the reward ("items.1.quantity"). */
  errors: FieldErrors;
  onChange: (items: ItemDraft[]) => void;
}

/** The items of items-master each player gets, with their quantities; IDs are suggested by name. */
export function RewardItemsEditor({ environment, items, errors, onChange }: RewardItemsEditorProps) {
  const choices = useItemChoices(environment);
  const listId = useId();
  const update = (key: string, changes: Partial<ItemDraft>) =>
    onChange(items.map((item) => (item.key === key ? { ...item, ...changes } : item)));
  const nameOf = (itemID: string) => choices.data?.rows.find((item) => item.itemID === itemID.trim())?.name;

  return (
    <fieldset className={adminStyles.group}>
      <legend>Items</legend>
      <p className={adminStyles.note}>
        Items of {environment}’s items-master, up to {REWARD_MAX_ITEMS}; each player gets every one listed.
      </p>
      {items.map((item, index) => (
        <div key={item.key} className={styles.itemRow}>
          <FormField
            label={`Item ${index + 1}`}
            list={listId}
            hint={nameOf(item.itemID) ?? 'Type an item ID or name to see suggestions.'}
            autoCapitalize="none"
            autoComplete="off"
            spellCheck={false}
            value={item.itemID}
            error={errors[`items.${index}.itemID`]}
            onChange={(event) => update(item.key, { itemID: event.target.value })}
          />
          <FormField
            label={`Item ${index + 1} quantity`}
            inputMode="numeric"
            hint={`1 to ${REWARD_MAX_ITEM_QUANTITY}.`}
            value={item.quantity}
            error={errors[`items.${index}.quantity`]}
            onChange={(event) => update(item.key, { quantity: event.target.value })}
          />
          <button
            type="button"
            className={listStyles.plainButton}
            aria-label={`Remove item ${index + 1}`}
            onClick={() => onChange(items.filter((kept) => kept.key !== item.key))}
          >
            Remove
          </button>
        </div>
      ))}
      <button type="button" className={listStyles.plainButton} onClick={() => onChange([...items, blankItem()])}>
        + Add item
      </button>
      <datalist id={listId}>
        {choices.data?.rows.map((choice) => (
          <option key={choice.itemID} value={choice.itemID} label={choice.name} />
        ))}
      </datalist>
    </fieldset>
  );
}
