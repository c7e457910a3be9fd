import type { AdminUser } from '@outpost/contracts/account-lifecycle';
import { SUSPENSION_NOTE_MAX_LENGTH, SUSPENSION_REASON_MAX_LENGTH } from '@outpost/contracts/account-lifecycle-text';
import { adminReportPath } from '@outpost/contracts/admin-routes';
import type { Environment } from '@outpost/contracts/environments';
import { shortNumber } from '@outpost/contracts/short-numbers';
import { useState } from 'react';
import listStyles from '../../../../components/admin-list/admin-list.module.css';
import { failureNotice } from '../../../../components/form/failure-notice';
import { FormAlert } from '../../../../components/form/form-alert';
import { FormField } from '../../../../components/form/form-field';
import { TextAreaField } from '../../../../components/form/text-area-field';
import { useFieldErrors } from '../../../../components/form/use-field-errors';
import { useFocusedNotice } from '../../../../components/form/use-focused-notice';
import { CallableError, isUnanswered } from '../../../../lib/callable';
import { Link } from '../../../../lib/router/router';
import adminStyles from '../../components/admin-screen.module.css';
import { ChoiceField } from '../../components/choice-field';
import { localTimeZone, toLocalDateTime } from '../../components/local-time';
import { ReadOnlyNotice } from '../../components/read-only-notice';
import { ToolForm } from '../../components/tool-form';
import { type ProductionConfirmation, useGuardedSave } from '../../components/use-guarded-save';
import { type SuspensionChange, useChangeSuspension } from '../api/change-suspension';
import { useReport } from '../api/get-report';
import styles from '../moderation.module.css';
import { playerName } from '../moderation-text';
import {
  checkLift,
  checkSuspend,
  formatWhen,
  liftFieldOf,
  type SuspendDraft,
  type SuspendField,
  type SuspensionEnd,
  suspendDraftOf,
  suspendFieldOf,
  suspensionStatusText,
} from '../suspension-text';
import { SuspensionReport } from './suspension-history';

const NOT_CHANGED = 'The suspension was not changed. Try again.';
const NO_ANSWER =
  'No answer came from the server, so the suspension may or may not have changed. The player is shown as the server has them now: check before trying again.';
const RELOADED = 'The player’s suspension as it stands now is on screen.';

interface SuspensionPanelProps {
  environment: Environment;
  user: AdminUser;
  /** Staff and admins suspend and lift; moderators read. */
  canSuspend: boolean;
  /** The report the admin came from (`?report=`), sent with a suspension. */
  reportID: string | null;
  /** Reads the player again. */
  onReload: () => Promise<unknown>;
}

/**
 * The player's suspension now, and for staff and admins the forms that suspend, change and lift
 * it. Both go through one guard (one change at a time, confirmed in production); the page then
 * reads the player again, and the focus moves to the outcome, since the form pressed may be gone.
 */
export function SuspensionPanel({ environment, user, canSuspend, reportID, onReload }: SuspensionPanelProps) {
  const { userID } = user.profile;
  const name = playerName(user.profile.displayName);
  const guard = useGuardedSave(environment);
  const change = useChangeSuspension(environment, userID);
  const { notice, setNotice, announce, alertRef } = useFocusedNotice();
  const [stale, setStale] = useState(false);
  const { suspension } = user;

  const send: SendSuspensionChange = (confirmation, request, succeeded, atField) =>
    void guard.run(confirmation, (done) => {
      setNotice(null);
      setStale(false);
      change
        .mutateAsync(request)
        .then(
          () => announce({ tone: 'ok', text: succeeded }),
          (error: unknown) => {
            const status = error instanceof CallableError ? error.status : undefined;
            // A 400 about one of the form's fields is said at the field, which takes the focus.
            if (status === 'invalid-argument' && error instanceof Error && atField(error.message)) return;
            if (isUnanswered(error)) {
              announce({ tone: 'error', text: NO_ANSWER });
              return;
            }
            // A 409: someone changed it meanwhile, or there is nothing to lift; the page already shows it as stored.
            setStale(status === 'aborted');
            announce(failureNotice(error, NOT_CHANGED));
          },
        )
        .finally(done);
    });

  const reload = async () => {
    setStale(false);
    setNotice(null);
    await onReload();
    announce({ tone: 'ok', text: RELOADED });
  };

  const pending = change.isPending ? (change.variables?.kind ?? null) : null;
  // A problem the form finds that belongs to no field (the report in the address) is the outcome's.
  const refuse = (message: string) => announce({ tone: 'error', text: message });
  const forms = { name, send, refuse, pending };

  return (
    <section aria-labelledby="admin-user-suspension">
      <h2 id="admin-user-suspension">Suspension</h2>
      <p className={suspension ? `${styles.standing} ${styles.suspended}` : styles.standing}>
        {suspensionStatusText(suspension)}
      </p>
      {suspension && (
        <dl className={`${adminStyles.facts} ${styles.facts}`}>
          <dt>Since</dt>
          <dd>{formatWhen(suspension.startsAt)}</dd>
          <dt>Admin log</dt>
          <dd>{suspension.environment}</dd>
          {suspension.reportID && (
            <>
              <dt>From report</dt>
              <dd>
                <SuspensionReport suspension={suspension} environment={environment} />
              </dd>
            </>
          )}
        </dl>
      )}
      <div className={styles.outcome}>
        <FormAlert ref={alertRef} notice={notice} />
        {stale && (
          <button type="button" className={listStyles.plainButton} onClick={() => void reload()}>
            Reload the player
          </button>
        )}
      </div>
      {canSuspend ? (
        <div className={styles.suspensionForms}>
          <SuspendForm
            // A new or changed suspension starts the form again from what is stored.
            key={suspension ? `${suspension.suspensionID}/${suspension.endsAt}` : 'none'}
            user={user}
            reportID={reportID}
            environment={environment}
            {...forms}
          />
          {suspension && <LiftForm {...forms} />}
        </div>
      ) : (
        <ReadOnlyNotice>
          Only staff and admins suspend players and lift suspensions; you see them read-only.
        </ReadOnlyNotice>
      )}
      {guard.dialog}
    </section>
  );
}

/**
 * Sends one change through the panel's guard. `succeeded` is the outcome's words; `atField` puts a
 * 400's message at the form's field it is about and answers whether it did.
 */
type SendSuspensionChange = (
  confirmation: () => ProductionConfirmation,
  request: SuspensionChange,
  succeeded: string,
  atField: (message: string) => boolean,
) => void;

interface FormProps {
  /** The player's name as the screens show it. */
  name: string;
  send: SendSuspensionChange;
  /** Says a problem found before sending that no field of the form holds. */
  refuse: (message: string) => void;
  /** The change on its way, if any. */
  pending: SuspensionChange['kind'] | null;
}

const END_CHOICES: { value: SuspensionEnd; label: string }[] = [
  { value: 'lifted', label: 'Until lifted' },
  { value: 'at', label: 'Until a date and time' },
];

/** Suspend the player, or change the suspension in force: a reason they are told, and its end. */
function SuspendForm({
  user,
  reportID,
  environment,
  name,
  send,
  refuse,
  pending,
}: FormProps & { user: AdminUser; reportID: string | null; environment: Environment }) {
  const changing = user.suspension !== null;
  const { formRef, errors, show } = useFieldErrors<SuspendField>();
  const [draft, setDraft] = useState<SuspendDraft>(() => suspendDraftOf(user.suspension));
  const set = <Key extends keyof SuspendDraft>(key: Key, value: SuspendDraft[Key]) =>
    setDraft((now) => ({ ...now, [key]: value }));

  const submit = () => {
    if (pending) return;
    const checked = checkSuspend(draft, reportID, new Date());
    if (!checked.ok) {
      const { reportID: reportProblem, ...fields } = checked.errors;
      show(fields);
      if (reportProblem && Object.keys(fields).length === 0) refuse(reportProblem);
      return;
    }
    show({});
    const input = checked.value;
    const until = input.endsAt ? formatWhen(input.endsAt) : 'it is lifted';
    const confirmation = (): ProductionConfirmation => ({
      message: (
        <p>
          {changing ? `This changes the suspension of ${name}` : `This suspends ${name}`} until {until}, in every
          environment: their sessions end and they cannot sign in. Reason: {input.reason}
        </p>
      ),
      confirmLabel: changing ? 'Change the suspension in production' : 'Suspend in production',
    });
    send(
      confirmation,
      { kind: 'suspend', input },
      changing ? `The suspension of ${name} now lasts until ${until}.` : `${name} is suspended until ${until}.`,
      (message) => {
        const field = suspendFieldOf(message);
        if (field) show({ [field]: message });
        return field !== undefined;
      },
    );
  };

  const title = changing ? 'Change the suspension' : 'Suspend';
  return (
    <ToolForm
      title={title}
      formRef={formRef}
      busy={pending === 'suspend'}
      blocked={pending !== null}
      submitLabel={pending === 'suspend' ? (changing ? 'Changing…' : 'Suspending…') : title}
      onSubmit={submit}
    >
      {reportID && <FromReport environment={environment} reportID={reportID} />}
      <TextAreaField
        label="Reason"
        name="reason"
        rows={3}
        maxLength={SUSPENSION_REASON_MAX_LENGTH}
        hint={`The player is told why. At most ${SUSPENSION_REASON_MAX_LENGTH} characters.`}
        value={draft.reason}
        error={errors.reason}
        onChange={(event) => set('reason', event.target.value)}
      />
      <ChoiceField
        legend="Ends"
        choices={END_CHOICES}
        value={draft.end}
        onChange={(end) => set('end', end)}
        className={styles.choice}
      />
      {draft.end === 'at' && (
        <FormField
          label="Ends at"
          name="endsAt"
          type="datetime-local"
          min={toLocalDateTime(new Date().toISOString())}
          hint={`In your time zone (${localTimeZone()}).`}
          value={draft.endsAt}
          error={errors.endsAt}
          onChange={(event) => set('endsAt', event.target.value)}
        />
      )}
    </ToolForm>
  );
}

/** Lift the suspension in force now, with an optional note for the other staff. */
function LiftForm({ name, send, pending }: FormProps) {
  const { formRef, errors, show } = useFieldErrors<'note'>();
  const [note, setNote] = useState('');

  const submit = () => {
    if (pending) return;
    const checked = checkLift(note);
    if (!checked.ok) {
      show(checked.errors);
      return;
    }
    show({});
    const confirmation = (): ProductionConfirmation => ({
      message: <p>This lifts the suspension of {name} in every environment: they can sign in again at once.</p>,
      confirmLabel: 'Lift in production',
    });
    send(confirmation, { kind: 'lift', input: checked.value }, `The suspension of ${name} is lifted.`, (message) => {
      const field = liftFieldOf(message);
      if (field) show({ [field]: message });
      return field !== undefined;
    });
  };

  return (
    <ToolForm
      title="Lift the suspension"
      formRef={formRef}
      busy={pending === 'lift'}
      blocked={pending !== null}
      submitLabel={pending === 'lift' ? 'Lifting…' : 'Lift the suspension'}
      onSubmit={submit}
    >
      <TextAreaField
        label="Note (optional)"
        name="note"
        rows={2}
        maxLength={SUSPENSION_NOTE_MAX_LENGTH}
        hint="For the other staff: why it is lifted early."
        value={note}
        error={errors.note}
        onChange={(event) => setNote(event.target.value)}
      />
    </ToolForm>
  );
}

/** The report a suspension is made from, by its number (the id only until the report has loaded). */
function FromReport({ environment, reportID }: { environment: Environment; reportID: string }) {
  const report = useReport(environment, reportID);
  return (
    <p className={styles.note}>
      From{' '}
      <Link to={adminReportPath(reportID)}>
        {report.data ? `report ${shortNumber(report.data.reportNumber)}` : 'the report'}
      </Link>
    </p>
  );
}
