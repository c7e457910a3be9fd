import type { Environment } from '@outpost/contracts/environments';
import type { FieldErrors } from '../../../../components/form/field-errors';
import { FormField } from '../../../../components/form/form-field';
import { TextAreaField } from '../../../../components/form/text-area-field';
import { CheckboxField } from '../../components/checkbox-field';
import type { MachineDraft } from '../machine-form';
import { PrizesEditor } from './prizes-editor';

interface MachineFieldsProps {
  environment: Environment;
  draft: MachineDraft;
  onChange: (draft: MachineDraft) => void;
  /** On the edit screen the ID is fixed (spins and drops name it). */
  idFixed: boolean;
  /** The fields at fault, keyed as the schema keys them (`costUSD`, `prizes.1.weight`). */
  errors: FieldErrors;
}

/** The machine's fields and its prizes table, the same on the create and edit screens. */
export function MachineFields({ environment, draft, onChange, idFixed, errors }: MachineFieldsProps) {
  const set = <Field extends keyof MachineDraft>(field: Field, value: MachineDraft[Field]) =>
    onChange({ ...draft, [field]: value });
  return (
    <>
      <FormField
        label="Machine ID"
        value={draft.machineID}
        error={errors.machineID}
        readOnly={idFixed}
        hint={
          idFixed
            ? 'A machine keeps its ID: spins and drops name it.'
            : "Unique in this environment; lower-case letters, digits, '-' and '_'. It cannot change later."
        }
        autoCapitalize="none"
        spellCheck={false}
        onChange={(event) => set('machineID', event.target.value.toLowerCase())}
      />
      <FormField
        label="Name"
        value={draft.name}
        error={errors.name}
        onChange={(event) => set('name', event.target.value)}
      />
      <TextAreaField
        label="Description"
        rows={3}
        value={draft.description}
        error={errors.description}
        onChange={(event) => set('description', event.target.value)}
      />
      <FormField
        label="Cost (credits)"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        hint="What one spin takes from the player's credits."
        value={draft.costCredits}
        error={errors.costCredits}
        onChange={(event) => set('costCredits', event.target.value)}
      />
      <FormField
        label="PayPal price (USD)"
        inputMode="decimal"
        hint="In dollars, e.g. 0.99, for a spin paid with PayPal; leave empty for credits only."
        value={draft.paypalPrice}
        error={errors.costUSD}
        onChange={(event) => set('paypalPrice', event.target.value)}
      />
      <CheckboxField
        label="Available to players"
        checked={draft.available}
        onChange={(checked) => set('available', checked)}
      />
      <PrizesEditor
        environment={environment}
        prizes={draft.prizes}
        errors={errors}
        onChange={(prizes) => set('prizes', prizes)}
      />
    </>
  );
}
