import { itemGrantInputSchema, PLAYER_SUPPORT_LIMITS } from '@outpost/contracts/player-record';
import { useState } from 'react';
import { checkFields } from '../../../components/form/field-errors';
import { FormAlert } from '../../../components/form/form-alert';
import { FormField } from '../../../components/form/form-field';
import { ToolForm } from '../components/tool-form';
import { useGuardedForm } from '../components/use-guarded-form';
import { ItemPicker } from '../items/components/item-picker';
import { useGrantItems } from './api';
import type { PlayerToolProps } from './player-tool';
import { ReasonField } from './reason-field';

/** Put an item of items-master into the player's inventory, some of them at once, with a reason for the admin log. */
export function ItemForm({ environment, userID, name }: PlayerToolProps) {
  const grant = useGrantItems(environment, userID);
  const { formRef, alertRef, notice, errors, refuseAtFields, send, dialog } = useGuardedForm(environment);
  const [itemID, setItemID] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [reason, setReason] = useState('');

  const submit = () => {
    const count = Number(quantity);
    const valid = Number.isInteger(count) && count >= 1 && count <= PLAYER_SUPPORT_LIMITS.items;
    const checked = checkFields(itemGrantInputSchema, {
      itemIDs: valid ? Array.from({ length: count }, () => itemID.trim()) : [],
      reason,
    });
    if (!checked.ok || itemID.trim() === '') {
      const fields = checked.ok ? {} : checked.errors;
      refuseAtFields({
        ...(itemID.trim() === '' ? { itemIDs: 'Pick an item.' } : {}),
        ...(valid ? {} : { quantity: `Give from 1 to ${PLAYER_SUPPORT_LIMITS.items} at once.` }),
        ...(fields.reason ? { reason: fields.reason } : {}),
      });
      return;
    }
    const input = checked.value;
    send(
      () => ({
        message: (
          <p>
            This gives {name} {input.itemIDs.length} of {itemID.trim()} in production. Reason: {input.reason}
          </p>
        ),
        confirmLabel: 'Give in production',
      }),
      () => grant.mutateAsync(input),
      (result) => {
        setReason('');
        return `Gave ${name} ${result.granted} of ${itemID.trim()}.`;
      },
      'No item was given. Try again.',
    );
  };

  return (
    <ToolForm
      title="Give items"
      formRef={formRef}
      busy={grant.isPending}
      blocked={grant.isPending}
      submitLabel={grant.isPending ? 'Giving…' : 'Give items'}
      onSubmit={submit}
      dialog={dialog}
    >
      <ItemPicker environment={environment} value={itemID} onChange={setItemID} error={errors.itemIDs} />
      <FormField
        label="How many"
        name="quantity"
        type="number"
        inputMode="numeric"
        min={1}
        max={PLAYER_SUPPORT_LIMITS.items}
        step={1}
        value={quantity}
        error={errors.quantity}
        onChange={(event) => setQuantity(event.target.value)}
      />
      <ReasonField hint="Kept in the admin log." value={reason} error={errors.reason} onChange={setReason} />
      <FormAlert ref={alertRef} notice={notice} />
    </ToolForm>
  );
}
