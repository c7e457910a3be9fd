import type { FieldErrors } from '../../../../components/form/field-errors';
import { FormField } from '../../../../components/form/form-field';
import { CheckboxField } from '../../components/checkbox-field';
import type { PackDraft } from '../pack-form';

interface PackFieldsProps {
  draft: PackDraft;
  onChange: (draft: PackDraft) => void;
  /** On the edit screen the ID is fixed (orders name it). */
  idFixed: boolean;
  /** The fields at fault, keyed as the schema keys them (the price as `costUSD`). */
  errors: FieldErrors;
}

/** The credit pack's fields, the same on the create and edit screens. */
export function PackFields({ draft, onChange, idFixed, errors }: PackFieldsProps) {
  const set = <Field extends keyof PackDraft>(field: Field, value: PackDraft[Field]) =>
    onChange({ ...draft, [field]: value });
  return (
    <>
      <FormField
        label="Pack ID"
        value={draft.packID}
        error={errors.packID}
        readOnly={idFixed}
        hint={
          idFixed
            ? 'A pack keeps its ID: orders name it.'
            : "Unique in this environment; lower-case letters, digits, '-' and '_'. It cannot change later."
        }
        autoCapitalize="none"
        spellCheck={false}
        onChange={(event) => set('packID', event.target.value.toLowerCase())}
      />
      <FormField
        label="Name"
        value={draft.name}
        error={errors.name}
        onChange={(event) => set('name', event.target.value)}
      />
      <FormField
        label="Credits"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        hint="How many credits the pack adds to the player's balance."
        value={draft.credits}
        error={errors.credits}
        onChange={(event) => set('credits', event.target.value)}
      />
      <FormField
        label="Price (USD)"
        inputMode="decimal"
        hint="In dollars, e.g. 4.99. PayPal charges exactly this."
        value={draft.price}
        error={errors.costUSD}
        onChange={(event) => set('price', event.target.value)}
      />
      <CheckboxField
        label="Available to players"
        checked={draft.available}
        onChange={(checked) => set('available', checked)}
      />
    </>
  );
}
