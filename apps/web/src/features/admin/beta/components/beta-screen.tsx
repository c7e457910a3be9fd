import { ADMIN_ROUTES } from '@outpost/contracts/admin-routes';
import { AdminScreen, type AdminScreenLinks, type DomainScreenProps } from '../../components/admin-screen';
import styles from '../beta.module.css';

const BETA_LINKS: AdminScreenLinks = {
  label: 'Beta programme',
  links: [
    { to: ADMIN_ROUTES.adminBetaRequests, label: 'Requests' },
    { to: ADMIN_ROUTES.adminBetaInvites, label: 'Invites' },
    { to: ADMIN_ROUTES.adminBetaObjectives, label: 'Testing objectives' },
    { to: ADMIN_ROUTES.adminBetaSettings, label: 'Settings' },
  ],
};

/** Every beta screen's frame: its heading, a line on what it shows, and the beta screens' links. */
export function BetaScreen(props: DomainScreenProps) {
  return <AdminScreen {...props} links={BETA_LINKS} className={styles.screen} />;
}
