import {
  adminLogAction,
  adminLogDetails,
  fullStopAfter,
  type SentencePart,
} from '@outpost/contracts/admin-log-actions';
import { shortID, type Words } from '@outpost/contracts/admin-log-words';
import type { AdminLogEntry } from '@outpost/contracts/backoffice';
import { Fragment, useId, useState } from 'react';
import { PersonLink } from '../components/person-link';
import { OPERATOR_NAME, personOf } from './entry-text';
import styles from './log-entry.module.css';

function Someone({ entry, userID, withEmail = false }: { entry: AdminLogEntry; userID: string; withEmail?: boolean }) {
  const person = personOf(entry, userID);
  return person ? <PersonLink person={person} withEmail={withEmail} /> : <span>{shortID(userID)}</span>;
}

function Part({ entry, part }: { entry: AdminLogEntry; part: SentencePart }) {
  return typeof part === 'string' ? part : <Someone entry={entry} userID={part.person} />;
}

/** A value in words, or the people it names, each linking to their page. */
function WordsView({ entry, words }: { entry: AdminLogEntry; words: Words }) {
  if (typeof words === 'string') return words;
  return (
    <>
      {words.people.map((userID, index) => (
        <Fragment key={userID}>
          {index > 0 && ', '}
          <Someone entry={entry} userID={userID} />
        </Fragment>
      ))}
      {words.more > 0 && ` and ${words.more.toLocaleString('en-US')} more`}
    </>
  );
}

/** The expanded row: who (with their email), what changed as before → after, and the other fields. */
function Details({ entry, id }: { entry: AdminLogEntry; id: string }) {
  const { changes, fields } = adminLogDetails(entry.action, entry.data);
  return (
    <div id={id} className={styles.details}>
      <dl className={styles.fields}>
        <dt>By</dt>
        <dd>{entry.adminPerson ? <PersonLink person={entry.adminPerson} /> : OPERATOR_NAME}</dd>
        <dt>Action</dt>
        <dd>{adminLogAction(entry.action).label}</dd>
      </dl>
      {changes !== null && (
        <>
          <h3 className={styles.heading}>Changes</h3>
          {changes.length === 0 ? (
            <p className={styles.none}>No field changed.</p>
          ) : (
            <ul className={styles.changes}>
              {changes.map((change) => (
                <li key={change.label}>
                  <span className={styles.label}>{change.label}:</span>{' '}
                  <WordsView entry={entry} words={change.before} /> → <WordsView entry={entry} words={change.after} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {fields.length > 0 && (
        <dl className={styles.fields}>
          {fields.map((field) => (
            <Fragment key={field.label}>
              <dt>{field.label}</dt>
              <dd>
                <WordsView entry={entry} words={field.value} />
              </dd>
            </Fragment>
          ))}
        </dl>
      )}
    </div>
  );
}

/** When, as the admin's locale writes it: the date over the time, each kept whole on a narrow screen. */
export function LoggedAt({ timestamp }: { timestamp: string }) {
  const at = new Date(timestamp);
  return (
    <time dateTime={timestamp} className={styles.when}>
      <span>{at.toLocaleDateString()}</span> <span>{at.toLocaleTimeString()}</span>
    </time>
  );
}

/**
 * One entry as a sentence, "@BossAdmin shipped merch order 5047ab12… with tracking RM123456…",
 * the admin linking to their page, and a disclosure button that opens its details below it.
 */
export function LogEntry({ entry }: { entry: AdminLogEntry }) {
  const [open, setOpen] = useState(false);
  const detailsID = useId();
  const parts = adminLogAction(entry.action).sentence(entry.data);
  return (
    <div className={styles.entry}>
      <p className={styles.sentence}>
        {entry.adminPerson ? <PersonLink person={entry.adminPerson} withEmail={false} /> : OPERATOR_NAME}{' '}
        {parts.map((part, index) => (
          // The parts of one sentence never move: their place is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Part key={index} entry={entry} part={part} />
        ))}
        {fullStopAfter(parts)}
      </p>
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={detailsID}
        onClick={() => setOpen(!open)}
      >
        <span aria-hidden="true">{open ? '▾' : '▸'}</span> Details
      </button>
      {open && <Details entry={entry} id={detailsID} />}
    </div>
  );
}
