import { CALENDAR_KIND_LABELS } from '@outpost/contracts/calendar/schemas';
import type { AdminAccess } from '@outpost/contracts/permissions';
import { useEffect, useId, useRef, useState } from 'react';
import { FormField } from '../../../components/form/form-field';
import { Link } from '../../../lib/router/router';
import { fromLocalDateTime, localTimeZone, toLocalDateTime } from '../../admin/components/local-time';
import { createLinks } from '../kinds';
import styles from './calendar.module.css';

/**
 * "New" in the calendar: when (from the day or the hour it was started on), then what. Each kind the
 * viewer may create is a link to its own create screen, which opens with that time filled in.
 */
export function NewEntry({ at, capabilities }: { at: Date; capabilities: AdminAccess['capabilities'] }) {
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [text, setText] = useState(() => toLocalDateTime(at.toISOString()));
  const chosen = fromLocalDateTime(text);
  const start = chosen === null || Number.isNaN(Date.parse(chosen)) ? null : new Date(chosen);

  useEffect(() => heading.current?.focus(), []);

  return (
    <section className={styles.details} aria-labelledby={titleId}>
      <h2 id={titleId} ref={heading} tabIndex={-1}>
        New in the calendar
      </h2>
      <FormField
        label="Starts at"
        type="datetime-local"
        value={text}
        hint={`In your time zone (${localTimeZone()}); its own screen opens with it filled in.`}
        error={start ? undefined : 'Give a date and time.'}
        onChange={(event) => setText(event.target.value)}
      />
      {start && (
        <ul className={styles.newLinks} aria-label="What to create">
          {createLinks(capabilities, start).map(({ kind, to }) => (
            <li key={kind}>
              <Link to={to} data-kind={kind} className={styles.newLink}>
                {CALENDAR_KIND_LABELS[kind]}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
