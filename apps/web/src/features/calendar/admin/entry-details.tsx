import type { CalendarEntry } from '@outpost/contracts/calendar/schemas';
import type { Environment } from '@outpost/contracts/environments';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import listStyles from '../../../components/admin-list/admin-list.module.css';
import { FormAlert, type FormNotice } from '../../../components/form/form-alert';
import { FormField } from '../../../components/form/form-field';
import { useFormRefusal } from '../../../components/form/use-form-refusal';
import { Link } from '../../../lib/router/router';
import adminStyles from '../../admin/components/admin-screen.module.css';
import { PRODUCTION_TITLE, useConfirmDialog } from '../../admin/components/confirm-dialog';
import { formatInstant, fromLocalDateTime, localTimeZone, toLocalDateTime } from '../../admin/components/local-time';
import { serverRefusal } from '../../admin/components/server-refusal';
import { useGuardedSave } from '../../admin/components/use-guarded-save';
import { useChangeEntry } from '../api';
import { kindLabel, overlapText, spanOf, whenText } from '../calendar-time';
import { cancelWords } from '../kinds';
import styles from './calendar.module.css';
import { STATE_LABELS } from './entry-chip';

interface EntryDetailsProps {
  environment: Environment;
  entry: CalendarEntry;
  overlaps: readonly CalendarEntry[];
  /** Closes the details, with what a move or a cancel did (null: nothing changed). */
  onDone: (notice: FormNotice | null) => void;
}

/**
 * One entry's details in the sheet: what, when, where it stands, and a link to its own screen;
 * Move (a new start, a window keeping its length) and Cancel… for those who may, each with its
 * own screen's rules on the server, which answers a refusal in words shown here.
 */
export function EntryDetails({ environment, entry, overlaps, onDone }: EntryDetailsProps) {
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [startsAt, setStartsAt] = useState(() => toLocalDateTime(entry.startsAt));
  const { formRef, alertRef, notice, errors, refuse, refuseAtFields, report } = useFormRefusal();
  const change = useChangeEntry(environment);
  const guard = useGuardedSave(environment);
  const { confirm, dialog } = useConfirmDialog();
  const overlap = overlapText(overlaps);

  // The sheet opens on its heading, so a screen reader starts with what the entry is.
  useEffect(() => heading.current?.focus(), []);

  const { start, end } = spanOf(entry);
  const moved = fromLocalDateTime(startsAt);
  const movedEnd =
    entry.endsAt !== null && moved !== null && !Number.isNaN(Date.parse(moved))
      ? new Date(Date.parse(moved) + (end - start)).toISOString()
      : null;

  const move = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (moved === null || Number.isNaN(Date.parse(moved))) {
      return refuseAtFields({ startsAt: 'Give the date and time it moves to.' });
    }
    void guard.run(
      () => ({
        message: (
          <p>
            This moves “{entry.title}” in production to {formatInstant(moved)}
            {movedEnd ? `, closing ${formatInstant(movedEnd)}` : ''}.
          </p>
        ),
        confirmLabel: 'Move in production',
      }),
      (settled) => {
        report(null);
        change.mutate(
          { kind: 'move', entry, startsAt: moved },
          {
            onSuccess: () => onDone({ tone: 'ok', text: `Moved “${entry.title}” to ${formatInstant(moved)}.` }),
            onError: (error) => refuse(...serverRefusal(error, (text) => `It was not moved. ${text}`)),
            onSettled: settled,
          },
        );
      },
    );
  };

  const cancel = async () => {
    if (guard.busy() || change.isPending) return;
    const words = cancelWords(entry, environment);
    const confirmed = await confirm({
      title: environment === 'production' ? PRODUCTION_TITLE : words.title,
      message: <p>{words.message}</p>,
      confirmLabel: words.confirmLabel,
      // "Cancel" beside "Cancel push" would say the opposite of what it does.
      cancelLabel: 'Keep it',
    });
    if (!confirmed) return;
    report(null);
    change.mutate(
      { kind: 'cancel', entry },
      {
        onSuccess: () => onDone({ tone: 'ok', text: words.done }),
        onError: (error) => refuse(...serverRefusal(error, (text) => `It was not cancelled. ${text}`)),
      },
    );
  };

  return (
    <article className={styles.details} aria-labelledby={titleId} aria-busy={change.isPending}>
      <h2 id={titleId} ref={heading} tabIndex={-1}>
        {entry.title}
      </h2>
      <dl className={`${adminStyles.facts} ${styles.facts}`} data-kind={entry.kind}>
        <dt>Kind</dt>
        <dd>{kindLabel(entry)}</dd>
        <dt>When</dt>
        <dd>{whenText(entry, formatInstant)}</dd>
        <dt>Now</dt>
        <dd>{STATE_LABELS[entry.state]}</dd>
        {entry.detail && (
          <>
            <dt>Detail</dt>
            <dd>{entry.detail}</dd>
          </>
        )}
        {overlap && (
          <>
            <dt>At once</dt>
            <dd>
              {overlaps.length === 1 ? overlap : `Overlaps with ${overlaps.map((other) => other.title).join(', ')}`}
            </dd>
          </>
        )}
      </dl>
      <p>
        <Link to={entry.href} className={`${listStyles.plainButton} ${styles.openLink}`}>
          Open
        </Link>
      </p>
      {entry.canMove && (
        <form ref={formRef} className={styles.move} onSubmit={move} noValidate aria-labelledby={`${titleId}-move`}>
          <h3 id={`${titleId}-move`}>Move</h3>
          <FormField
            label="New start"
            type="datetime-local"
            value={startsAt}
            error={errors.startsAt}
            hint={`In your time zone (${localTimeZone()}).${movedEnd ? ` It keeps its length: it then closes ${formatInstant(movedEnd)}.` : ''}`}
            onChange={(event) => setStartsAt(event.target.value)}
          />
          <div className={adminStyles.submitRow}>
            <button type="submit" className={`button ${adminStyles.submit}`} disabled={change.isPending}>
              Save
            </button>
          </div>
        </form>
      )}
      {entry.canCancel && (
        <p>
          <button
            type="button"
            className={listStyles.plainButton}
            onClick={() => void cancel()}
            disabled={change.isPending}
          >
            Cancel…
          </button>
        </p>
      )}
      {!entry.canMove && !entry.canCancel && (
        <p className={adminStyles.note}>
          {entry.state === 'scheduled'
            ? 'Your role may see it here but not move or cancel it.'
            : 'It has started: it can no longer be moved or cancelled.'}
        </p>
      )}
      <FormAlert notice={notice} ref={alertRef} />
      {guard.dialog}
      {dialog}
    </article>
  );
}
