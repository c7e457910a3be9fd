import type { Suspension } from '@outpost/contracts/account-lifecycle';
import { adminReportPath } from '@outpost/contracts/admin-routes';
import type { Environment } from '@outpost/contracts/environments';
import { shortNumber } from '@outpost/contracts/short-numbers';
import { CellValue, cellProps, DataTable } from '../../../../components/admin-list/data-table';
import { Link } from '../../../../lib/router/router';
import adminStyles from '../../components/admin-screen.module.css';
import { formatInstant } from '../../components/local-time';
import styles from '../moderation.module.css';
import { actorName, SUSPENSION_STATE_LABELS, suspensionEndText } from '../suspension-text';

interface SuspensionHistoryProps {
  /** The player's name as the screens show it, for the table's caption. */
  name: string;
  suspensions: readonly Suspension[];
  /** The environment the admin works in: a report of another one is named, not linked. */
  environment: Environment;
}

/**
 * The report a suspension came from, by its short number (#12): a link to its page when it is in the environment
 * the admin works in (report pages show that environment's reports), else the number and its environment. Its id
 * is shown only on its own page.
 */
export function SuspensionReport({ suspension, environment }: { suspension: Suspension; environment: Environment }) {
  if (!suspension.reportID) return null;
  const elsewhere = suspension.environment !== environment;
  const name =
    suspension.reportNumber === null ? 'A report no longer kept' : `Report ${shortNumber(suspension.reportNumber)}`;
  if (elsewhere || suspension.reportNumber === null) {
    return <span>{elsewhere ? `${name} (in ${suspension.environment})` : name}</span>;
  }
  return <Link to={adminReportPath(suspension.reportID)}>{name}</Link>;
}

/**
 * Every suspension of the player, as the server lists them: its state, why, from and until when,
 * who made it (and in which environment's log), who lifted it and why, and the report it came from.
 */
export function SuspensionHistory({ name, suspensions, environment }: SuspensionHistoryProps) {
  const caption = `Suspensions of ${name}`;
  return (
    <section aria-labelledby="admin-user-history">
      <h2 id="admin-user-history">Suspension history</h2>
      {suspensions.length === 0 ? (
        <p className={adminStyles.note}>{name} has never been suspended.</p>
      ) : (
        <DataTable label={caption} hideCaption>
          <thead>
            <tr>
              <th scope="col">State</th>
              <th scope="col">Reason</th>
              <th scope="col" {...cellProps({ priority: 2 })}>
                From
              </th>
              <th scope="col">Until</th>
              <th scope="col" {...cellProps({ priority: 2 })}>
                By
              </th>
              <th scope="col" {...cellProps({ priority: 2 })}>
                Lifted
              </th>
              <th scope="col" {...cellProps({ priority: 2 })}>
                Report
              </th>
            </tr>
          </thead>
          <tbody>
            {suspensions.map((suspension) => (
              <tr key={suspension.suspensionID}>
                <td {...cellProps({ label: 'State', nowrap: true })}>{SUSPENSION_STATE_LABELS[suspension.state]}</td>
                <td {...cellProps({ label: 'Reason' })}>
                  <CellValue>{suspension.reason}</CellValue>
                </td>
                <td {...cellProps({ label: 'From', priority: 2 })}>{formatInstant(suspension.startsAt)}</td>
                <td {...cellProps({ label: 'Until' })}>{suspensionEndText(suspension, formatInstant)}</td>
                <td {...cellProps({ label: 'By', priority: 2 })}>
                  {actorName(suspension.suspendedBy)}
                  <div className={styles.note}>in {suspension.environment}</div>
                </td>
                <td {...cellProps({ label: 'Lifted', priority: 2 })}>
                  {suspension.liftedAt ? (
                    <>
                      {formatInstant(suspension.liftedAt)}
                      {suspension.liftedBy && <div>by {actorName(suspension.liftedBy)}</div>}
                      {suspension.liftNote && <div>“{suspension.liftNote}”</div>}
                    </>
                  ) : (
                    '—'
                  )}
                </td>
                <td {...cellProps({ label: 'Report', priority: 2 })}>
                  {suspension.reportID ? <SuspensionReport suspension={suspension} environment={environment} /> : '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </section>
  );
}
