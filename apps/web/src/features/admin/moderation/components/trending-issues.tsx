import { ADMIN_ROUTES } from '@outpost/contracts/admin-routes';
import type { Environment } from '@outpost/contracts/environments';
import { Link } from '../../../../lib/router/router';
import { formatInstant } from '../../components/local-time';
import { useTrendingIssues } from '../api/get-trending-issues';
import styles from '../moderation.module.css';
import { categoryLabel } from '../moderation-text';

/** The reports list showing one trending pair's unresolved reports. */
const pairPath = (category: string, target: string) =>
  `${ADMIN_ROUTES.adminReports}?${new URLSearchParams({ category, target })}`;

/** The pairs behind the dashboard's Trending Issues, most reported first, each a link to its reports. */
export function TrendingIssues({ environment }: { environment: Environment }) {
  const trending = useTrendingIssues(environment);
  return (
    <section className={styles.trending} aria-labelledby="trending-issues-title" aria-busy={trending.isFetching}>
      <h2 id="trending-issues-title">Trending issues</h2>
      {trending.isPending && (
        <p role="status" className={styles.note}>
          Loading the trending issues…
        </p>
      )}
      {trending.isError && (
        <div role="alert" className={styles.failure}>
          <p>The trending issues could not be loaded: {trending.error.message}</p>
          <button type="button" className="button" onClick={() => trending.refetch()}>
            Try again
          </button>
        </div>
      )}
      {trending.data && (
        <>
          <p className={styles.note}>
            Targets with {trending.data.minReports} or more unresolved reports of one kind in the last{' '}
            {trending.data.windowHours} hours.
          </p>
          {trending.data.issues.length === 0 ? (
            <p>Nothing is trending right now.</p>
          ) : (
            <ul className={styles.trendingList}>
              {trending.data.issues.map((issue) => (
                <li key={`${issue.category} ${issue.target}`}>
                  <Link to={pairPath(issue.category, issue.target)}>
                    {issue.target}: {categoryLabel(issue.category)}
                  </Link>{' '}
                  <span className={styles.note}>
                    {issue.reports} reports, the latest {formatInstant(issue.latestAt)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
