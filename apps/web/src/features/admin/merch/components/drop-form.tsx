import type { MerchDropAdmin } from '@outpost/contracts/merch';
import { FormField } from '../../../../components/form/form-field';
import { DropFormFrame, useDropForm } from '../../components/drop-form-frame';
import type { InlineFormProps } from '../../components/inline-editor';
import { formatInstant, localTimeZone } from '../../components/local-time';
import { useChangeMerchDrop } from '../api/change-merch-drop';
import {
  checkMerchDropEdit,
  checkNewMerchDrop,
  draftFromMerchDrop,
  MERCH_DROP_MESSAGES,
  newMerchDropDraft,
} from '../drop-form';
import { ProductPicker } from './product-picker';

/** Creates a merch drop, or edits or deletes the one chosen in the list. The opening is typed in the admin's zone. */
export function MerchDropForm(props: InlineFormProps<MerchDropAdmin>) {
  const { environment, editing } = props;
  const form = useDropForm({
    ...props,
    change: useChangeMerchDrop(environment),
    messages: MERCH_DROP_MESSAGES,
    draftOf: (drop) => (drop ? draftFromMerchDrop(drop) : newMerchDropDraft(props.startsAt)),
    deleteConfirmation: (drop) => ({
      message: (
        <p>
          This deletes the merch drop “{drop.name}” (opening {formatInstant(drop.opensAt)}) in {environment}. Its
          products go on sale whenever they are Active.
        </p>
      ),
      items:
        drop.subscribers > 0
          ? [`${drop.subscribers} ${drop.subscribers === 1 ? 'player waiting' : 'players waiting'} will not be told.`]
          : [],
      confirmLabel: 'Delete drop',
    }),
  });
  const { draft, set, errors } = form;

  const submit = () => {
    if (editing) {
      const checked = checkMerchDropEdit(draft);
      if (!checked.ok) return form.refuse(checked.message, checked.fields);
      return void form.save({ kind: 'update', dropID: editing.dropID, input: checked.value }, () => ({
        message: <p>This saves the merch drop “{checked.value.name}” in production, where players wait for it.</p>,
        confirmLabel: 'Save to production',
      }));
    }
    const checked = checkNewMerchDrop(draft);
    if (!checked.ok) return form.refuse(checked.message, checked.fields);
    return void form.save({ kind: 'create', input: checked.value }, () => ({
      message: (
        <p>
          This creates the merch drop “{checked.value.name}” in production, opening{' '}
          {formatInstant(checked.value.opensAt)}.
        </p>
      ),
      confirmLabel: 'Create in production',
    }));
  };

  return (
    <DropFormFrame form={form.frame} onSubmit={submit}>
      <FormField
        label="Name"
        value={draft.name}
        error={errors.name}
        onChange={(event) => set('name', event.target.value)}
      />
      <FormField
        label="Opens at"
        type="datetime-local"
        hint={`In your time zone (${localTimeZone()}); players who subscribed are emailed then.`}
        value={draft.opensAt}
        error={errors.opensAt}
        onChange={(event) => set('opensAt', event.target.value)}
      />
      <ProductPicker
        environment={environment}
        value={draft.products}
        errors={errors}
        onChange={(products) => set('products', products)}
      />
    </DropFormFrame>
  );
}
