import type { Drop } from '@outpost/contracts/shop';
import { FormField } from '../../../../components/form/form-field';
import { SelectField } from '../../../../components/form/select-field';
import { DropFormFrame, useDropForm } from '../../components/drop-form-frame';
import type { InlineFormProps } from '../../components/inline-editor';
import { formatInstant, localTimeZone } from '../../components/local-time';
import { useChangeDrop } from '../api/change-drop';
import { useMachineChoices } from '../api/get-machines';
import { checkDropEdit, checkNewDrop, DROP_MESSAGES, draftFromDrop, newDropDraft } from '../drop-form';

/** Creates a drop, or edits or deletes the one chosen in the list. Times are typed in the admin's zone. */
export function DropForm(props: InlineFormProps<Drop>) {
  const { environment, editing } = props;
  const form = useDropForm({
    ...props,
    change: useChangeDrop(environment),
    messages: DROP_MESSAGES,
    draftOf: (drop) => (drop ? draftFromDrop(drop) : newDropDraft('', props.startsAt)),
    deleteConfirmation: (drop) => ({
      message: (
        <p>
          This deletes the drop “{drop.name}” ({formatInstant(drop.opensAt)} to {formatInstant(drop.closesAt)}) in{' '}
          {environment}. A machine with no drop left spins whenever it is available.
        </p>
      ),
      confirmLabel: 'Delete drop',
    }),
  });
  const { draft, set, errors } = form;
  const machines = useMachineChoices(environment);
  const zone = localTimeZone();

  const submit = () => {
    if (editing) {
      const checked = checkDropEdit(draft);
      if (!checked.ok) return form.refuse(checked.message, checked.fields);
      return void form.save({ kind: 'update', dropID: editing.dropID, input: checked.value }, () => ({
        message: <p>This saves the drop “{checked.value.name}” in production, where players wait for it.</p>,
        confirmLabel: 'Save to production',
      }));
    }
    const checked = checkNewDrop(draft);
    if (!checked.ok) return form.refuse(checked.message, checked.fields);
    return void form.save({ kind: 'create', input: checked.value }, () => ({
      message: <p>This creates the drop “{checked.value.name}” in production.</p>,
      confirmLabel: 'Create in production',
    }));
  };

  return (
    <DropFormFrame form={form.frame} onSubmit={submit}>
      <SelectField
        label="Machine"
        value={draft.machineID}
        error={errors.machineID}
        onChange={(event) => set('machineID', event.target.value)}
      >
        <option value="">Choose a machine</option>
        {machines.data?.rows.map((machine) => (
          <option key={machine.machineID} value={machine.machineID}>
            {machine.name} ({machine.machineID}){machine.available ? '' : ', unavailable'}
          </option>
        ))}
      </SelectField>
      <FormField
        label="Name"
        value={draft.name}
        error={errors.name}
        onChange={(event) => set('name', event.target.value)}
      />
      <FormField
        label="Opens at"
        type="datetime-local"
        hint={`In your time zone (${zone}).`}
        value={draft.opensAt}
        error={errors.opensAt}
        onChange={(event) => set('opensAt', event.target.value)}
      />
      <FormField
        label="Closes at"
        type="datetime-local"
        hint={`In your time zone (${zone}); the machine stops spinning then.`}
        value={draft.closesAt}
        error={errors.closesAt}
        onChange={(event) => set('closesAt', event.target.value)}
      />
    </DropFormFrame>
  );
}
