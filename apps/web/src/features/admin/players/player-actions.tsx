import listStyles from '../../../components/admin-list/admin-list.module.css';
import { failureNotice } from '../../../components/form/failure-notice';
import { FormAlert } from '../../../components/form/form-alert';
import { useFocusedNotice } from '../../../components/form/use-focused-notice';
import { useGuardedSave } from '../components/use-guarded-save';
import { useSendTestPush } from '../push/api';
import { useEndSessions } from './api';
import type { PlayerToolProps } from './player-tool';
import styles from './players.module.css';

/**
 * Ending the player's sessions (a lost phone, a shared computer): all at once here, one by one from
 * the sessions' rows (`endOne`). Sessions are the account's, in every environment.
 */
export function useSessionEnding({ environment, userID, name }: PlayerToolProps) {
  const end = useEndSessions(environment, userID);
  const guard = useGuardedSave(environment);
  const { notice, setNotice, announce, alertRef } = useFocusedNotice();
  const run = (sessionID: string | null) =>
    void guard.run(
      () => ({
        message: (
          <p>
            {sessionID ? `This signs ${name} out of one device` : `This signs ${name} out on every device`}, in every
            environment.
          </p>
        ),
        confirmLabel: 'Sign out in production',
      }),
      (done) => {
        setNotice(null);
        end
          .mutateAsync(sessionID)
          .then(
            (answer) => announce({ tone: 'ok', text: answer.message }),
            (error: unknown) => announce(failureNotice(error, 'No session ended. Try again.')),
          )
          .finally(done);
      },
    );
  const endAll = (
    <div className={styles.actions}>
      <button
        type="button"
        className={listStyles.plainButton}
        aria-disabled={end.isPending}
        onClick={() => !end.isPending && run(null)}
      >
        End every session
      </button>
      <FormAlert ref={alertRef} notice={notice} />
      {guard.dialog}
    </div>
  );
  const endOne = (sessionID: string) => (
    <button
      type="button"
      className={listStyles.plainButton}
      aria-disabled={end.isPending}
      onClick={() => !end.isPending && run(sessionID)}
    >
      End
    </button>
  );
  return { endAll, endOne };
}

/** A test notification to every device the player registered (admins: docs/product.md §7.6), answered at once. */
export function TestPush({ environment, userID, name }: PlayerToolProps) {
  const send = useSendTestPush(environment);
  const guard = useGuardedSave(environment);
  const { notice, setNotice, announce, alertRef } = useFocusedNotice();
  const run = () =>
    void guard.run(
      () => ({
        message: <p>This sends a test notification to every device of {name} in production.</p>,
        confirmLabel: 'Send in production',
      }),
      (done) => {
        setNotice(null);
        send
          .mutateAsync(userID)
          .then(
            (result) => {
              const sent = result.outcomes.filter((outcome) => outcome.status === 'sent').length;
              announce({
                tone: 'ok',
                text:
                  result.devices === 0
                    ? `${name} has no device registered, so nothing was sent.`
                    : `Sent to ${sent} of ${result.devices} ${result.devices === 1 ? 'device' : 'devices'}.`,
              });
            },
            (error: unknown) => announce(failureNotice(error, 'The test notification was not sent. Try again.')),
          )
          .finally(done);
      },
    );
  return (
    <div className={styles.actions}>
      <button
        type="button"
        className={listStyles.plainButton}
        aria-disabled={send.isPending}
        onClick={() => !send.isPending && run()}
      >
        Send a test notification
      </button>
      <FormAlert ref={alertRef} notice={notice} />
      {guard.dialog}
    </div>
  );
}
