import { ADMIN_ROUTES } from '@outpost/contracts/admin-routes';
import { Link } from '../../lib/router/router';
import { useAdminAccessContext } from './admin-access-context';
import { useModerationDashboard } from './api/get-dashboard';
import { type FigureTile, FigureTiles } from './components/figure-tiles';
import { useFeedbackWaiting } from './moderation/api/get-feedback';
import { ModerationScreen } from './moderation/components/moderation-screen';

/**
 * The moderation hub (/admin/moderation): what waits for the moderators of the environment
 * (unresolved reports, trending issues, feedback not reviewed yet), each with the way to it.
 */
export default function AdminModeration() {
  const { environment } = useAdminAccessContext();
  const dashboard = useModerationDashboard(environment);
  const feedbackWaiting = useFeedbackWaiting(environment);
  const tiles: FigureTile[] = [
    {
      label: 'Unresolved Reports',
      query: dashboard,
      value: dashboard.data?.figures.unresolvedReports,
      note: <Link to={ADMIN_ROUTES.adminReports}>Read and resolve them</Link>,
    },
    {
      label: 'Trending Issues',
      query: dashboard,
      value: dashboard.data?.figures.trendingIssues,
      note: <Link to={ADMIN_ROUTES.adminReports}>See what is trending</Link>,
    },
    {
      label: 'Feedback waiting for review',
      query: feedbackWaiting,
      value: feedbackWaiting.data,
      note: <Link to={`${ADMIN_ROUTES.adminFeedback}?reviewed=false`}>Review the feedback</Link>,
    },
  ];

  return (
    <ModerationScreen
      id="admin-moderation-title"
      title="Moderation"
      lead={`What waits for the moderators of ${environment}. Find a player with the user search.`}
    >
      <FigureTiles tiles={tiles} />
    </ModerationScreen>
  );
}
