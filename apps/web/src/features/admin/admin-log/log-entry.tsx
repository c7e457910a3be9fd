import {
  adminLogAction,
  adminLogDetails,
  fullStopAfter,
  type SentencePart,
} from '@outpost/contracts/admin-log-actions';
import type { Words } from '@outpost/contracts/admin-log-words';
import type { AdminLogEntry } from '@outpost/contracts/backoffice';
import { Fragment, useId, useState } from 'react';
import { Link } from '../../../lib/router/router';
import { formatInstant } from '../components/local-time';
import { PersonLink } from '../components/person-link';
import { type Actor, actorOf, personOf } from './entry-text';
import styles from './log-entry.module.css';

/** A person the data names, linking to their page; one the server could not name is gone. */
function Someone({ entry, userID }: { entry: AdminLogEntry; userID: string }) {
  const person = personOf(entry, userID);
  return person ? <PersonLink person={person} withEmail={false} /> : <span>a deleted account</span>;
}

/** An instant with its date and time, in the back office's one date format. */
function Instant({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatInstant(iso)}</time>;
}

function Part({ entry, part }: { entry: AdminLogEntry; part: SentencePart }) {
  if (typeof part === 'string') return part;
  if ('person' in part) return <Someone entry={entry} userID={part.person} />;
  if ('record' in part) return <Link to={part.href}>{part.record}</Link>;
  return <Instant iso={part.time} />;
}

/** Who acted: their name linking to their page (with their email in the details), or words for nobody's account. */
function ActorView({ actor, withEmail }: { actor: Actor; withEmail: boolean }) {
  return 'text' in actor ? actor.text : <PersonLink person={actor.person} withEmail={withEmail} />;
}

/** A value in words, or the people it names, each linking to their page. */
function WordsView({ entry, words }: { entry: AdminLogEntry; words: Words }) {
  if (typeof words === 'string') return words;
  if ('time' in words) return <Instant iso={words.time} />;
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
        <dd>
          <ActorView actor={actorOf(entry)} withEmail />
        </dd>
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

/**
 * When, in the back office's one date format (formatInstant's date and time), the date over the
 * time, each kept whole on a narrow screen.
 */
export function LoggedAt({ timestamp }: { timestamp: string }) {
  const at = new Date(timestamp);
  return (
    <time dateTime={timestamp} className={styles.when}>
      <span>{at.toLocaleDateString(undefined, { dateStyle: 'medium' })}</span>{' '}
      <span>{at.toLocaleTimeString(undefined, { timeStyle: 'short' })}</span>
    </time>
  );
}

/**
 * One entry as a sentence, "@BossAdmin shipped the merch order of @Scout with tracking RM123456",
 * the people and records linking to their pages, and a disclosure button that opens its details below it.
 */
export function LogEntry({ entry }: { entry: AdminLogEntry }) {
  const [open, setOpen] = useState(false);
  const detailsID = useId();
  const parts = adminLogAction(entry.action).sentence(entry.data);
  return (
    <div className={styles.entry}>
      <p className={styles.sentence}>
        <ActorView actor={actorOf(entry)} withEmail={false} />{' '}
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
