import { ROUTES } from '@outpost/contracts/routes';
import { AdminScreen, type AdminScreenLinks, type DomainScreenProps } from '../../components/admin-screen';
import styles from '../beta.module.css';

const BETA_LINKS: AdminScreenLinks = {
  label: 'Beta programme',
  links: [
    { to: ROUTES.adminBetaRequests, label: 'Requests' },
    { to: ROUTES.adminBetaInvites, label: 'Invites' },
    { to: ROUTES.adminBetaObjectives, label: 'Testing objectives' },
    { to: ROUTES.adminBetaSettings, label: 'Settings' },
  ],
};

/** Every beta screen's frame: its heading, a line on what it shows, and the beta screens' links. */
export function BetaScreen(props: DomainScreenProps) {
  return <AdminScreen {...props} links={BETA_LINKS} className={styles.screen} />;
}
