import { ROUTES } from '@outpost/contracts/routes';
import { Link } from '../../lib/router/router';
import styles from './admin-screens.module.css';

export default function AdminConfiguration() {
  return (
    <section className={`page ${styles.screen}`} aria-labelledby="admin-configuration-title">
      <h1 id="admin-configuration-title">Configuration</h1>
      <p>Products, episodes, codes, packs, machines and drops arrive with the configuration tools.</p>
      <p>
        <Link to={ROUTES.adminItems}>Items (items-master)</Link> ·{' '}
        <Link to={ROUTES.adminPurchasables}>Purchasables</Link> ·{' '}
        <Link to={ROUTES.adminClaimCodes}>Redemption codes</Link> ·{' '}
        <Link to={ROUTES.adminShopPacks}>Shop: credit packs, machines, drops and opening date</Link>
      </p>
    </section>
  );
}
