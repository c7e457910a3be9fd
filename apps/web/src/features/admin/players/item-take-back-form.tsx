import {
  itemTakeBackInputSchema,
  PLAYER_SUPPORT_LIMITS,
  PLAYER_SUPPORT_MESSAGES,
  type PlayerHolding,
} from '@outpost/contracts/player-record';
import { useState } from 'react';
import { checkFields } from '../../../components/form/field-errors';
import { FormAlert } from '../../../components/form/form-alert';
import { FormField } from '../../../components/form/form-field';
import { SelectField } from '../../../components/form/select-field';
import { ToolForm } from '../components/tool-form';
import { useGuardedForm } from '../components/use-guarded-form';
import { usePlayerHoldings, useTakeBackItems } from './api';
import type { PlayerToolProps } from './player-tool';
import styles from './players.module.css';
import { ReasonField } from './reason-field';

const count = (n: number) => n.toLocaleString('en-US');

/** "Scout hat (holds 3)": a choice with what the player holds of it in view. */
const holdingLabel = (holding: PlayerHolding) => `${holding.name} (holds ${count(holding.held)})`;

/**
 * Take some of one item back out of the player's inventory with a reason (staff and admins): the
 * choices are what the player holds, each with how many. The inventory gains a row of its own, which
 * the player reads in their item history with the reason, and the admin log says what they held
 * before → after. More than they hold is refused at the quantity (here first, and by the server, which
 * decides when two take-backs race).
 */
export function ItemTakeBackForm({ environment, userID, name }: PlayerToolProps) {
  const holdings = usePlayerHoldings(environment, userID);
  const takeBack = useTakeBackItems(environment, userID);
  const { formRef, alertRef, notice, errors, refuseAtFields, send, dialog } = useGuardedForm(environment);
  const [itemID, setItemID] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [reason, setReason] = useState('');

  if (holdings.isError)
    return (
      <p role="alert">
        What {name} holds could not be read: {holdings.error.message}
      </p>
    );
  if (!holdings.data) return <p aria-busy="true">Reading what {name} holds…</p>;
  const held = holdings.data.holdings;
  const chosen = held.find((holding) => holding.itemID === itemID);

  const submit = () => {
    const checked = checkFields(itemTakeBackInputSchema, {
      // A choice the player no longer holds is no choice: the list moved under it.
      itemID: chosen?.itemID ?? '',
      quantity: quantity.trim() === '' ? undefined : Number(quantity),
      reason,
    });
    if (!checked.ok) {
      refuseAtFields(checked.errors);
      return;
    }
    const input = checked.value;
    if (chosen && input.quantity > chosen.held) {
      refuseAtFields({ quantity: PLAYER_SUPPORT_MESSAGES.tooManyItems(chosen.held, input.quantity, chosen.name) });
      return;
    }
    const what = `${count(input.quantity)} of “${chosen?.name ?? input.itemID}”`;
    send(
      () => ({
        message: (
          <p>
            This takes back {what} from {name} in production. They read the reason in their item history: {input.reason}
          </p>
        ),
        confirmLabel: 'Take back in production',
      }),
      () => takeBack.mutateAsync(input),
      (result) => {
        setQuantity('1');
        setReason('');
        if (result.held === 0) setItemID('');
        return `Took back ${count(input.quantity)} of “${result.name}” from ${name}: they held ${count(result.heldBefore)} and now hold ${count(result.held)}.`;
      },
      'No item was taken back. Try again.',
    );
  };

  return (
    <ToolForm
      title="Take back items"
      formRef={formRef}
      busy={takeBack.isPending}
      blocked={takeBack.isPending}
      submitLabel={takeBack.isPending ? 'Taking back…' : 'Take back items'}
      onSubmit={submit}
      dialog={dialog}
    >
      {held.length === 0 && <p className={styles.empty}>{name} holds no items now.</p>}
      <SelectField
        label="Item"
        name="itemID"
        value={chosen ? itemID : ''}
        hint={held.length === 0 ? undefined : `What ${name} holds, with how many.`}
        error={errors.itemID}
        onChange={(event) => setItemID(event.target.value)}
      >
        <option value="">Choose an item</option>
        {held.map((holding) => (
          <option key={holding.itemID} value={holding.itemID}>
            {holdingLabel(holding)}
          </option>
        ))}
      </SelectField>
      <FormField
        label="How many"
        name="quantity"
        type="number"
        inputMode="numeric"
        min={1}
        max={chosen?.held ?? PLAYER_SUPPORT_LIMITS.itemsTakenBack}
        step={1}
        value={quantity}
        hint={chosen ? `${name} holds ${count(chosen.held)} of “${chosen.name}”.` : undefined}
        error={errors.quantity}
        onChange={(event) => setQuantity(event.target.value)}
      />
      <ReasonField
        hint="The player reads it in their item history."
        value={reason}
        error={errors.reason}
        onChange={setReason}
      />
      <FormAlert ref={alertRef} notice={notice} />
    </ToolForm>
  );
}
