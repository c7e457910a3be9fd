import { ROUTES } from '@outpost/contracts/routes';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from '../../lib/router/router';
import { useAdminAccessContext } from './admin-access-context';
import dashboardStyles from './admin-dashboard.module.css';
import { useModerationDashboard } from './api/get-dashboard';
import { useFeedbackWaiting } from './moderation/api/get-feedback';
import { ModerationScreen } from './moderation/components/moderation-screen';
import styles from './moderation/moderation.module.css';

interface HubTile {
  label: string;
  query: Pick<UseQueryResult, 'isError' | 'isFetching'>;
  /** undefined while loading; null when the server has no figure for it. */
  value: number | null | undefined;
  to: string;
  action: string;
}

function HubFigure({ tile }: { tile: HubTile }) {
  if (tile.query.isError) return <span className={styles.failure}>Could not be loaded</span>;
  if (tile.value === null) return <span>—</span>;
  if (tile.value === undefined) {
    return (
      <>
        <span aria-hidden="true">…</span>
        <span className="visually-hidden">Loading</span>
      </>
    );
  }
  return tile.value.toLocaleString();
}

/**
 * The moderation hub (/admin/moderation): what waits for the moderators of the environment
 * (unresolved reports, trending issues, feedback not reviewed yet), each with the way to it.
 */
export default function AdminModeration() {
  const { environment } = useAdminAccessContext();
  const dashboard = useModerationDashboard(environment);
  const feedbackWaiting = useFeedbackWaiting(environment);
  const tiles: HubTile[] = [
    {
      label: 'Unresolved Reports',
      query: dashboard,
      value: dashboard.data?.figures.unresolvedReports,
      to: ROUTES.adminReports,
      action: 'Read and resolve them',
    },
    {
      label: 'Trending Issues',
      query: dashboard,
      value: dashboard.data?.figures.trendingIssues,
      to: ROUTES.adminReports,
      action: 'See what is trending',
    },
    {
      label: 'Feedback waiting for review',
      query: feedbackWaiting,
      value: feedbackWaiting.data,
      to: `${ROUTES.adminFeedback}?reviewed=false`,
      action: 'Review the feedback',
    },
  ];

  return (
    <ModerationScreen
      id="admin-moderation-title"
      title="Moderation"
      lead={`What waits for the moderators of ${environment}. Find a player with the user search.`}
    >
      <dl className={dashboardStyles.tiles} aria-busy={dashboard.isFetching || feedbackWaiting.isFetching}>
        {tiles.map((tile) => (
          <div key={tile.label} className={dashboardStyles.tile}>
            <dt className={dashboardStyles.label}>{tile.label}</dt>
            <dd className={dashboardStyles.figure}>
              <HubFigure tile={tile} />
            </dd>
            <dd className={dashboardStyles.note}>
              <Link to={tile.to}>{tile.action}</Link>
            </dd>
          </div>
        ))}
      </dl>
    </ModerationScreen>
  );
}
