import type { PlayerRecordSection } from '@outpost/contracts/player-record';
import type { ReactNode } from 'react';
import { Link } from '../../../lib/router/router';
import styles from './players.module.css';
import { RecordValue } from './record-value';

interface RecordSectionProps {
  section: PlayerRecordSection;
  /** A cell after the row's own (a session's End button). */
  rowAction?: { header: string; cell: (rowID: string) => ReactNode };
  /** What the section's staff may do, under its heading (a form, a button). */
  children?: ReactNode;
}

/**
 * One domain's section of the player page: its facts, then its rows newest first as a table that
 * turns into one card per row on a phone (each cell labelled by its column), never wider than the screen.
 */
export function RecordSection({ section, rowAction, children }: RecordSectionProps) {
  const headingID = `player-${section.key}`;
  const shown = section.rows.length;
  return (
    <section aria-labelledby={headingID} className={styles.section}>
      <h2 id={headingID}>{section.title}</h2>
      {section.facts.length > 0 && (
        <dl className={styles.facts}>
          {section.facts.map((fact) => (
            <div key={fact.label}>
              <dt>{fact.label}</dt>
              <dd>
                <RecordValue value={fact.value} none="Not reported" />
              </dd>
            </div>
          ))}
        </dl>
      )}
      {children}
      {shown === 0 ? (
        <p className={styles.empty}>{section.empty}</p>
      ) : (
        <table className={styles.table}>
          <caption className="visually-hidden">
            {section.title}
            {section.total > shown ? `, the newest ${shown} of ${section.total.toLocaleString('en-US')}` : ''}
          </caption>
          <thead>
            <tr>
              {section.columns.map((column) => (
                <th key={column.key} scope="col">
                  {column.label}
                </th>
              ))}
              {rowAction && <th scope="col">{rowAction.header}</th>}
            </tr>
          </thead>
          <tbody>
            {section.rows.map((row) => (
              <tr key={row.id}>
                {section.columns.map((column) => (
                  <td
                    key={column.key}
                    data-label={column.label}
                    className={column.primary ? styles.primary : undefined}
                  >
                    <RecordValue value={row.cells[column.key]} />
                  </td>
                ))}
                {rowAction && <td data-label={rowAction.header}>{rowAction.cell(row.id)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {section.total > shown && (
        <p className={styles.empty}>
          The newest {shown} of {section.total.toLocaleString('en-US')}.
          {section.more && (
            <>
              {' '}
              <Link to={section.more.path}>{section.more.text}</Link>
            </>
          )}
        </p>
      )}
    </section>
  );
}
