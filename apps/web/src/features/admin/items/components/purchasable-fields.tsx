import type { Environment } from '@outpost/contracts/environments';
import type { FieldErrors } from '../../../../components/form/field-errors';
import { FormField } from '../../../../components/form/form-field';
import { CheckboxField } from '../../components/checkbox-field';
import type { PurchasableDraft } from '../purchasable-form';
import { ItemPicker } from './item-picker';

interface PurchasableFieldsProps {
  environment: Environment;
  draft: PurchasableDraft;
  onChange: (draft: PurchasableDraft) => void;
  /** The ID is typed when creating; afterwards it is shown and never changes. */
  idEditable: boolean;
  /** The fields at fault, keyed as the schema keys them. */
  errors: FieldErrors;
}

/** A purchasable's fields, shared by the create and edit screens. */
export function PurchasableFields({ environment, draft, onChange, idEditable, errors }: PurchasableFieldsProps) {
  const set = <Field extends keyof PurchasableDraft>(field: Field, value: PurchasableDraft[Field]) =>
    onChange({ ...draft, [field]: value });
  return (
    <>
      <FormField
        label="Purchasable ID"
        value={draft.purchasableID}
        error={errors.purchasableID}
        readOnly={!idEditable}
        hint={
          idEditable
            ? "As the game names it; letters, digits, '-' and '_'. It cannot change later."
            : "A purchasable's ID never changes."
        }
        autoCapitalize="none"
        spellCheck={false}
        onChange={(event) => set('purchasableID', event.target.value)}
      />
      <ItemPicker
        environment={environment}
        value={draft.itemID}
        error={errors.itemID}
        onChange={(itemID) => set('itemID', itemID)}
      />
      <FormField
        label="Name"
        value={draft.name}
        error={errors.name}
        onChange={(event) => set('name', event.target.value)}
      />
      <FormField
        label="Cost (credits)"
        inputMode="numeric"
        hint="A whole number of credits; 0 makes it free."
        value={draft.costCredits}
        error={errors.costCredits}
        onChange={(event) => set('costCredits', event.target.value)}
      />
      <CheckboxField
        label="Available: on sale in the game"
        checked={draft.available}
        onChange={(checked) => set('available', checked)}
      />
    </>
  );
}
