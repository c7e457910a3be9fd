import { ROUTES } from '@outpost/contracts/routes';
import { AdminScreen, type AdminScreenLinks, type DomainScreenProps } from '../../components/admin-screen';
import styles from '../moderation.module.css';

const MODERATION_LINKS: AdminScreenLinks = {
  label: 'Moderation',
  links: [
    { to: ROUTES.adminReports, label: 'Reports' },
    { to: ROUTES.adminFeedback, label: 'Feedback review' },
    { to: ROUTES.adminUsers, label: 'User search' },
  ],
};

/** Every moderation screen's frame: its heading, a line on what it shows, and the moderation screens' links. */
export function ModerationScreen(props: DomainScreenProps) {
  return <AdminScreen {...props} links={MODERATION_LINKS} className={styles.screen} />;
}
