import { ADMIN_ROUTES } from '@outpost/contracts/admin-routes';
import type { Environment } from '@outpost/contracts/environments';
import { useQuery } from '@tanstack/react-query';
import { Link } from '../../../lib/router/router';
import { LogEntry } from '../admin-log/log-entry';
import { adminLogQueryKey, getAdminLog } from '../api/get-admin-log';
import styles from './players.module.css';

const SHOWN = 20;

/**
 * Every admin action on the player: the environment's admin log filtered by them (an entry whose
 * record names their id), newest first, each in the log's own sentence, and the way to all of them.
 */
export function PlayerLog({ environment, userID }: { environment: Environment; userID: string }) {
  const query = { page: 1, pageSize: SHOWN, sort: 'timestamp', order: 'desc' as const, filters: { record: userID } };
  const log = useQuery({
    queryKey: [...adminLogQueryKey(environment), 'player', userID],
    queryFn: () => getAdminLog(environment, query),
  });
  const allPath = `${ADMIN_ROUTES.adminLog}?record=${encodeURIComponent(userID)}`;
  return (
    <section aria-labelledby="player-admin-actions" className={styles.section}>
      <h2 id="player-admin-actions">Admin actions on them</h2>
      {log.isError && <p role="alert">The admin log could not be read: {log.error.message}</p>}
      {log.data &&
        (log.data.rows.length === 0 ? (
          <p className={styles.empty}>No admin action in {environment} names them.</p>
        ) : (
          <ol className={styles.log} aria-label="Admin actions, newest first">
            {log.data.rows.map((entry) => (
              <li key={entry.id}>
                <LogEntry entry={entry} />
              </li>
            ))}
          </ol>
        ))}
      {log.data && log.data.total > log.data.rows.length && (
        <p className={styles.empty}>
          The newest {log.data.rows.length} of {log.data.total.toLocaleString('en-US')}.
        </p>
      )}
      <p>
        <Link to={allPath}>All of them in the admin log</Link>
      </p>
    </section>
  );
}
