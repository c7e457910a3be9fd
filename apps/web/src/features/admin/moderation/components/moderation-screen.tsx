import { ADMIN_ROUTES } from '@outpost/contracts/admin-routes';
import { AdminScreen, type AdminScreenLinks, type DomainScreenProps } from '../../components/admin-screen';
import styles from '../moderation.module.css';

const MODERATION_LINKS: AdminScreenLinks = {
  label: 'Moderation',
  links: [
    { to: ADMIN_ROUTES.adminReports, label: 'Reports' },
    { to: ADMIN_ROUTES.adminFeedback, label: 'Feedback review' },
    { to: ADMIN_ROUTES.adminUsers, label: 'User search' },
  ],
};

/** Every moderation screen's frame: its heading, a line on what it shows, and the moderation screens' links. */
export function ModerationScreen(props: DomainScreenProps) {
  return <AdminScreen {...props} links={MODERATION_LINKS} className={styles.screen} />;
}
