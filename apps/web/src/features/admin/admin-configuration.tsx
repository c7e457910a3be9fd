import { ADMIN_ROUTES } from '@outpost/contracts/admin-routes';
import { BROUGHT_CONFIGURATION_LINKS } from '../../app/brought-screens';
import { Link } from '../../lib/router/router';
import styles from './admin-screens.module.css';

export default function AdminConfiguration() {
  return (
    <section className={`page ${styles.screen}`} aria-labelledby="admin-configuration-title">
      <h1 id="admin-configuration-title">Configuration</h1>
      <h2>Game and shop</h2>
      <ul className={styles.links}>
        <li>
          <Link to={ADMIN_ROUTES.adminProducts}>Products</Link>: digital doubles and merch, their varieties and images.
        </li>
        <li>
          <Link to={ADMIN_ROUTES.adminItems}>Items (items-master)</Link> and{' '}
          <Link to={ADMIN_ROUTES.adminPurchasables}>purchasables</Link>: what the game grants and sells for credits.
        </li>
        <li>
          <Link to={ADMIN_ROUTES.adminClaimCodes}>Redemption codes</Link>: batches, CSV export and a printable sheet.
        </li>
        <li>
          <Link to={ADMIN_ROUTES.adminShopPacks}>Shop</Link>: credit packs, machines, drops and the opening date.
        </li>
      </ul>
      <h2>Players and community</h2>
      <ul className={styles.links}>
        <li>
          <Link to={ADMIN_ROUTES.adminBetaRequests}>Beta programme</Link>: requests, invites, testing objectives and
          beta-config.
        </li>
        <li>
          <Link to={ADMIN_ROUTES.adminRewards}>Rewards</Link>: credits and items for chosen players (admins).
        </li>
        <li>
          <Link to={ADMIN_ROUTES.adminPartners}>Partner programme</Link>: partners, partner invites, referral rewards
          and config/partners (admins).
        </li>
      </ul>
      <h2>Merch</h2>
      <ul className={styles.links}>
        <li>
          <Link to={ADMIN_ROUTES.adminMerchOrders}>Merch orders</Link>: pack, ship and refund.
        </li>
        <li>
          <Link to={ADMIN_ROUTES.adminMerchDrops}>Merch drops</Link>: products that go on sale at a time.
        </li>
        <li>
          <Link to={ADMIN_ROUTES.adminMerchContacts}>Merch contact messages</Link>: what players wrote to the merch
          team.
        </li>
        <li>
          <Link to={ADMIN_ROUTES.adminMerchProducts}>Ecom products</Link>: stock, reservations and sales of each
          variety.
        </li>
        <li>
          <Link to={ADMIN_ROUTES.adminMerchSettings}>Merch settings</Link>: what merch costs in credits.
        </li>
      </ul>
      {BROUGHT_CONFIGURATION_LINKS.length > 0 && (
        <>
          <h2>More</h2>
          <ul className={styles.links}>
            {BROUGHT_CONFIGURATION_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>: {link.holds}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
