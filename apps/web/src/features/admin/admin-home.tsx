import { ROUTES } from '@outpost/contracts/routes';
import { Link } from '../../lib/router/router';
import { useAdminAccessContext } from './admin-access-context';
import styles from './admin-screens.module.css';

export const DATA_LAYER_ON = 'Data-layer admin view: on — unavailable machines and credit packs are visible.';
export const DATA_LAYER_OFF = 'Data-layer admin view: off — only available machines and credit packs are shown.';

/** The admin index: the viewer's access as the server states it. The 'Moderation & Reports' tiles come later. */
export default function AdminHome() {
  const access = useAdminAccessContext();
  return (
    <section className={`page ${styles.screen}`} aria-labelledby="admin-home-title">
      <h1 id="admin-home-title">Dashboard</h1>
      {access.displayName && <p className={styles.lead}>Signed in as @{access.displayName}.</p>}
      <h2>Your access</h2>
      <ul className={styles.facts}>
        <li>Environment: {access.environment}</li>
        <li>{access.capabilities.dataLayerAdmin ? DATA_LAYER_ON : DATA_LAYER_OFF}</li>
      </ul>
      <p>The Moderation &amp; Reports dashboard arrives with the moderation tools.</p>
      <p>
        <Link to={ROUTES.adminLog}>Admin Log</Link>: every change made in this environment.
      </p>
    </section>
  );
}
