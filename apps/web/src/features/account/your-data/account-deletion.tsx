import { accountDeletionInputSchema } from '@outpost/contracts/account-lifecycle';
import {
  ACCOUNT_DELETION_MESSAGES,
  DELETION_BLOCKED_CODE,
  ERASED_BY_DELETION,
  KEPT_AFTER_DELETION,
} from '@outpost/contracts/account-lifecycle-text';
import { type FormEvent, type KeyboardEvent, type Ref, useEffect, useId, useRef, useState } from 'react';
import listStyles from '../../../components/admin-list/admin-list.module.css';
import { failureNotice } from '../../../components/form/failure-notice';
import { checkFields } from '../../../components/form/field-errors';
import { FormAlert, type FormNotice } from '../../../components/form/form-alert';
import { FormField } from '../../../components/form/form-field';
import { useFieldErrors } from '../../../components/form/use-field-errors';
import { errorCode } from '../../../lib/api';
import { CallableError, isUnanswered } from '../../../lib/callable';
import accountStyles from '../account.module.css';
import { useDeleteAccount } from './api/delete-account';
import styles from './data.module.css';

const DELETION_FAILED = 'Your account could not be deleted. Check your connection and try again.';
const NO_ANSWER =
  'No answer came from the server, so your account may or may not have been deleted. Reload the page: if it asks you to sign in, your account is gone.';

interface AccountDeletionProps {
  /** Called once the server deleted the account (and ended its sessions). */
  onDeleted: () => void;
}

/**
 * "Delete your account": a button that asks in place, never at once. The question says what is
 * erased and what stays, asks for the password, and opens with the focus on "Keep my account", so
 * Enter never deletes by accident; Keep or Escape closes it and gives the focus back to the button.
 */
export function AccountDeletion({ onDeleted }: AccountDeletionProps) {
  const [confirming, setConfirming] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);

  useEffect(() => {
    if (confirming) keep.current?.focus();
    else if (asked.current) opener.current?.focus();
    asked.current = confirming;
  }, [confirming]);

  return (
    <div className={styles.part}>
      <h3>Delete your account</h3>
      <p className={accountStyles.note}>
        Your account goes at once and for good, in every environment of the game; it cannot be undone. Download your
        data first if you want a copy.
      </p>
      {confirming ? (
        <DeletionConfirmation keepRef={keep} onKeep={() => setConfirming(false)} onDeleted={onDeleted} />
      ) : (
        <div className={styles.actions}>
          <button
            ref={opener}
            type="button"
            className={`${listStyles.plainButton} ${styles.dangerOutline}`}
            onClick={() => setConfirming(true)}
          >
            Delete your account
          </button>
        </div>
      )}
    </div>
  );
}

interface DeletionConfirmationProps extends AccountDeletionProps {
  keepRef: Ref<HTMLButtonElement>;
  onKeep: () => void;
}

/** The question itself: what goes, what stays, the password, and the two answers. */
function DeletionConfirmation({ keepRef, onKeep, onDeleted }: DeletionConfirmationProps) {
  const { formRef, errors, show } = useFieldErrors<'password'>();
  const [password, setPassword] = useState('');
  const [notice, setNotice] = useState<FormNotice | null>(null);
  const remove = useDeleteAccount();
  const titleId = useId();

  const keepAccount = () => {
    // Once the deletion is on its way, only its answer can say what happened.
    if (!remove.isPending) onKeep();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (remove.isPending) return;
    setNotice(null);
    const checked = checkFields(accountDeletionInputSchema, { password });
    if (!checked.ok) {
      show(checked.errors);
      return;
    }
    show({});
    try {
      await remove.mutateAsync(checked.value);
    } catch (error) {
      const status = error instanceof CallableError ? error.status : undefined;
      if (status === 'invalid-argument') {
        // A wrong (or missing) password: said at the field, which takes the focus.
        show({
          password: error instanceof Error && error.message ? error.message : ACCOUNT_DELETION_MESSAGES.wrongPassword,
        });
      } else if (errorCode(error) === DELETION_BLOCKED_CODE) {
        // What must be settled first (an order waiting for payment), in the server's words.
        setNotice(failureNotice(error, DELETION_FAILED));
      } else {
        setNotice(isUnanswered(error) ? { tone: 'error', text: NO_ANSWER } : failureNotice(error, DELETION_FAILED));
      }
      return;
    }
    onDeleted();
  };

  const closeOnEscape = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    keepAccount();
  };

  return (
    <form
      ref={formRef}
      className={styles.confirm}
      onSubmit={(event) => void submit(event)}
      onKeyDown={closeOnEscape}
      noValidate
      aria-labelledby={titleId}
      aria-busy={remove.isPending}
    >
      <h4 id={titleId}>Delete your account for good?</h4>
      <p>{ERASED_BY_DELETION}</p>
      <p>{KEPT_AFTER_DELETION}</p>
      <FormField
        label="Your password"
        name="password"
        type="password"
        autoComplete="current-password"
        hint="Type it to confirm that it is you."
        value={password}
        error={errors.password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <FormAlert notice={notice} />
      <div className={styles.actions}>
        <button
          ref={keepRef}
          type="button"
          className={listStyles.plainButton}
          aria-disabled={remove.isPending || undefined}
          onClick={keepAccount}
        >
          Keep my account
        </button>
        <button type="submit" className={`button ${styles.danger}`} aria-disabled={remove.isPending || undefined}>
          {remove.isPending ? 'Deleting your account…' : 'Delete my account'}
        </button>
      </div>
    </form>
  );
}
