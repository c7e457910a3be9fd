import type { Environment } from '@outpost/contracts/environments';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import listStyles from '../../../components/admin-list/admin-list.module.css';
import { FormAlert } from '../../../components/form/form-alert';
import { FormField } from '../../../components/form/form-field';
import { useFormRefusal } from '../../../components/form/use-form-refusal';
import adminStyles from './admin-screen.module.css';
import { FormSheet } from './form-sheet';
import { formatInstant, fromLocalDateTime, localTimeZone, toLocalDateTime } from './local-time';
import { serverRefusal } from './server-refusal';
import { useGuardedSave } from './use-guarded-save';

/** A time already gone: what the field says before anything is sent. */
const RESCHEDULE_PAST = 'This time has passed: pick a later one.';

/** What a reschedule's mutation is told about one request (a TanStack mutation's `mutate` takes these). */
export interface RescheduleCallbacks {
  onSuccess: () => void;
  onError: (error: Error) => void;
  onSettled: () => void;
}

interface RescheduleControlProps {
  environment: Environment;
  /** What moves, in the button's words for a screen reader, the sheet's title and the outcome: "“Double XP”". */
  what: string;
  /** When it goes now (ISO): the field starts there. */
  at: string;
  /** The field's label: "New send time". */
  label: string;
  /** Sends the new time (ISO) to the server, which checks it by the screen's rules. */
  save: (at: string, callbacks: RescheduleCallbacks) => void;
  /** After a reschedule the server took, with its words ("Rescheduled “Double XP” for …"). */
  onDone: (text: string) => void;
}

/**
 * "Reschedule" for a scheduled thing of a back-office list (a push, a remote-config publish), the
 * same move the calendar makes. The button opens the console's form sheet (a row has no room for a
 * date and time beside its other columns) with the time it has now, in the admin's zone; Save asks
 * first in production (useGuardedSave) and shows the server's refusal in the sheet; Cancel, Close
 * or Escape close it with nothing changed, focus back on the button.
 */
export function RescheduleControl(props: RescheduleControlProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={listStyles.plainButton} onClick={() => setOpen(true)}>
        Reschedule<span className="visually-hidden"> {props.what}</span>
      </button>
      {open && (
        <FormSheet label={`Reschedule ${props.what}`} onClose={() => setOpen(false)}>
          <RescheduleForm {...props} onClose={() => setOpen(false)} />
        </FormSheet>
      )}
    </>
  );
}

function RescheduleForm({
  environment,
  what,
  at,
  label,
  save,
  onDone,
  onClose,
}: RescheduleControlProps & { onClose: () => void }) {
  const [value, setValue] = useState(() => toLocalDateTime(at));
  const [pending, setPending] = useState(false);
  const titleId = useId();
  const { formRef, alertRef, notice, errors, refuse, refuseAtFields, report } = useFormRefusal();
  const guard = useGuardedSave(environment);
  const field = useRef<HTMLDivElement>(null);

  // After the sheet opened (its layout effect): the field takes the focus, ready to type.
  useEffect(() => field.current?.querySelector('input')?.focus(), []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const chosen = fromLocalDateTime(value);
    if (chosen === null || Number.isNaN(Date.parse(chosen))) {
      return refuseAtFields({ at: 'Give the date and time it goes at instead.' });
    }
    // Said here in the form's words; the server refuses it too, by its own clock.
    if (Date.parse(chosen) <= Date.now()) return refuseAtFields({ at: RESCHEDULE_PAST });
    void guard.run(
      () => ({
        message: (
          <p>
            This moves {what} in production to {formatInstant(chosen)}.
          </p>
        ),
        confirmLabel: 'Reschedule in production',
      }),
      (done) => {
        report(null);
        setPending(true);
        save(chosen, {
          onSuccess: () => {
            onDone(`Rescheduled ${what} for ${formatInstant(chosen)}.`);
            onClose();
          },
          onError: (error) => refuse(...serverRefusal(error, (text) => `It was not rescheduled. ${text}`)),
          onSettled: () => {
            setPending(false);
            done();
          },
        });
      },
    );
  };

  return (
    <form
      ref={formRef}
      className={adminStyles.narrowForm}
      onSubmit={submit}
      noValidate
      aria-labelledby={titleId}
      aria-busy={pending}
    >
      <h2 id={titleId}>Reschedule {what}</h2>
      <p className={adminStyles.note}>It goes at {formatInstant(at)} now.</p>
      <div ref={field}>
        <FormField
          label={label}
          type="datetime-local"
          value={value}
          error={errors.at}
          hint={`In your time zone (${localTimeZone()}).`}
          onChange={(event) => setValue(event.target.value)}
        />
      </div>
      <div className={adminStyles.submitRow}>
        <button type="submit" className={`button ${adminStyles.submit}`} aria-disabled={pending}>
          Save
        </button>
        <button type="button" className={listStyles.plainButton} onClick={onClose}>
          Cancel
        </button>
      </div>
      <FormAlert notice={notice} ref={alertRef} />
      {guard.dialog}
    </form>
  );
}
