import type { Environment } from '@outpost/contracts/environments';
import type { AdminMerchOrder } from '@outpost/contracts/merch';
import { type FormEvent, type ReactNode, useState } from 'react';
import listStyles from '../../../../components/admin-list/admin-list.module.css';
import type { FieldErrors } from '../../../../components/form/field-errors';
import { FormAlert } from '../../../../components/form/form-alert';
import { useFormRefusal } from '../../../../components/form/use-form-refusal';
import { CallableError } from '../../../../lib/callable';
import adminStyles from '../../components/admin-screen.module.css';
import { serverRefusal } from '../../components/server-refusal';
import type { ProductionConfirmation, useGuardedSave } from '../../components/use-guarded-save';
import { type MerchOrderChange, useChangeMerchOrder } from '../api/change-merch-order';
import styles from '../merch.module.css';

export type OrderGuard = ReturnType<typeof useGuardedSave>;

interface OrderChangeOptions {
  environment: Environment;
  orderID: string;
  /** The screen's one guard: one change of the order at a time, confirmed in production. */
  guard: OrderGuard;
  /** Loads the order again (after someone else changed it). */
  onReload: () => Promise<unknown>;
}

/**
 * One of the order screen's changes (fulfilment, refund): sent through the screen's guard, its
 * outcome in the form's alert region, the server's message word for word; a refusal marks the
 * fields it names (the form's check's, or the server's) and focuses the first. A 409 (someone changed
 * the order meanwhile, or its state no longer allows it) offers to load the order as it is now. A
 * 503 (the payment provider did not answer, so a refund may be left pending) loads it at once.
 */
export function useOrderChange({ environment, orderID, guard, onReload }: OrderChangeOptions) {
  const change = useChangeMerchOrder(environment, orderID);
  const { formRef, alertRef, notice, errors, refuse, report } = useFormRefusal();
  const [stale, setStale] = useState(false);

  const send = (
    confirmation: () => ProductionConfirmation,
    request: MerchOrderChange,
    /** Called with the order the server answered; says what happened. */
    succeeded: (saved: AdminMerchOrder) => string,
  ) =>
    guard.run(confirmation, (done) => {
      report(null);
      setStale(false);
      change.mutate(request, {
        onSuccess: (saved) => report({ tone: 'ok', text: succeeded(saved) }),
        onError: (error) => {
          const status = error instanceof CallableError ? error.status : undefined;
          if (status === 'unavailable') {
            // The provider did not answer: a refund may now be pending there. The server's words,
            // and the order as the server has it.
            refuse(error.message);
            void onReload();
            return;
          }
          refuse(...serverRefusal(error, (text) => `The order was not changed. ${text}`));
          setStale(status === 'aborted');
        },
        onSettled: done,
      });
    });

  const reload = async () => {
    setStale(false);
    report(null);
    await onReload();
    report({ tone: 'ok', text: 'The order as it stands now is on screen.' });
  };

  const outcome = (
    <div className={styles.actions}>
      <FormAlert notice={notice} ref={alertRef} />
      {stale && (
        <button type="button" className={listStyles.plainButton} onClick={() => void reload()}>
          Reload the order
        </button>
      )}
    </div>
  );

  return {
    send,
    pending: change.isPending,
    /** A problem found before sending (the form's own check), and the fields at fault. */
    refuse: (message: string, fields?: FieldErrors) => refuse(message, fields),
    /** The fields at fault, each with its message. */
    errors,
    /** Spread on the change's form (OrderChangeForm does), so its first field at fault takes the focus. */
    formRef,
    outcome,
  };
}

export type OrderChange = ReturnType<typeof useOrderChange>;

interface OrderChangeFormProps {
  change: OrderChange;
  /** The id of the heading that names the form. */
  labelledBy: string;
  /** Checks the form and sends the change; not called while a change of the order is on its way. */
  onSubmit: () => void;
  submitLabel: ReactNode;
  /** Another button of the form, before the main one (Mark packed). */
  otherAction?: ReactNode;
  /** The form's fields, or what it says. */
  children: ReactNode;
}

/**
 * A form of the order screen that sends one change of the order (fulfilment, refund): busy while a
 * change is on its way, checked by its own code rather than the browser's. Its main button stays
 * focusable meanwhile (aria-disabled), so the keyboard focus is not lost.
 */
export function OrderChangeForm({
  change,
  labelledBy,
  onSubmit,
  submitLabel,
  otherAction,
  children,
}: OrderChangeFormProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!change.pending) onSubmit();
  };
  return (
    <form
      ref={change.formRef}
      className={`${adminStyles.form} ${adminStyles.spaced}`}
      onSubmit={submit}
      noValidate
      aria-labelledby={labelledBy}
      aria-busy={change.pending}
    >
      {children}
      <div className={styles.actions}>
        {otherAction}
        <button type="submit" className={`button ${adminStyles.submit}`} aria-disabled={change.pending}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
