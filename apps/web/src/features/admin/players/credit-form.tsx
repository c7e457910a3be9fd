import { creditAdjustmentInputSchema, PLAYER_SUPPORT_LIMITS } from '@outpost/contracts/player-record';
import { useState } from 'react';
import { checkFields } from '../../../components/form/field-errors';
import { FormAlert } from '../../../components/form/form-alert';
import { FormField } from '../../../components/form/form-field';
import { ChoiceField } from '../components/choice-field';
import { ToolForm } from '../components/tool-form';
import { useGuardedForm } from '../components/use-guarded-form';
import { useAdjustCredits } from './api';
import type { PlayerToolProps } from './player-tool';
import styles from './players.module.css';
import { ReasonField } from './reason-field';
import { creditsText } from './record-value';

type Direction = 'grant' | 'takeBack';

const DIRECTIONS: { value: Direction; label: string }[] = [
  { value: 'grant', label: 'Give' },
  { value: 'takeBack', label: 'Take back' },
];

/**
 * Give or take back credits with a reason (staff and admins): one ledger entry the player reads in
 * their history with the reason, and an admin-log entry with the balance before → after. Taking
 * back more than the player holds is refused at the amount, saying how much they hold.
 */
export function CreditForm({ environment, userID, name }: PlayerToolProps) {
  const adjust = useAdjustCredits(environment, userID);
  const { formRef, alertRef, notice, errors, refuseAtFields, send, dialog } = useGuardedForm(environment);
  const [direction, setDirection] = useState<Direction>('grant');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');

  const submit = () => {
    const checked = checkFields(creditAdjustmentInputSchema, {
      direction,
      amount: amount.trim() === '' ? undefined : Number(amount),
      reason,
    });
    if (!checked.ok) {
      refuseAtFields(checked.errors);
      return;
    }
    const input = checked.value;
    const words = `${creditsText(input.amount)} credits`;
    send(
      () => ({
        message: (
          <p>
            {input.direction === 'grant' ? `This gives ${name} ${words}` : `This takes back ${words} from ${name}`} in
            production. They read the reason in their history: {input.reason}
          </p>
        ),
        confirmLabel: input.direction === 'grant' ? 'Give in production' : 'Take back in production',
      }),
      () => adjust.mutateAsync(input),
      (result) => {
        setAmount('');
        setReason('');
        return `${input.direction === 'grant' ? `Gave ${name} ${words}` : `Took back ${words} from ${name}`}: the balance went from ${creditsText(result.balanceBefore)} to ${creditsText(result.balance)}.`;
      },
      'The credits did not change. Try again.',
    );
  };

  return (
    <ToolForm
      title="Give or take back credits"
      formRef={formRef}
      busy={adjust.isPending}
      blocked={adjust.isPending}
      submitLabel={adjust.isPending ? 'Saving…' : direction === 'grant' ? 'Give credits' : 'Take back credits'}
      onSubmit={submit}
      dialog={dialog}
    >
      <ChoiceField
        legend="Change"
        choices={DIRECTIONS}
        value={direction}
        onChange={setDirection}
        className={styles.choice}
      />
      <FormField
        label="Credits"
        name="amount"
        type="number"
        inputMode="numeric"
        min={1}
        max={PLAYER_SUPPORT_LIMITS.credits}
        step={1}
        value={amount}
        error={errors.amount}
        onChange={(event) => setAmount(event.target.value)}
      />
      <ReasonField
        hint="The player reads it in their credit history."
        value={reason}
        error={errors.reason}
        onChange={setReason}
      />
      <FormAlert ref={alertRef} notice={notice} />
    </ToolForm>
  );
}
