import { ROUTES } from '@outpost/contracts/routes';
import { LoadingScreen } from '../../components/loading/loading-screen';
import { pageTitle, usePageTitle } from '../../lib/page-title';
import { QueryProvider } from '../../lib/query-client';
import { Link } from '../../lib/router/router';
import { useMe } from '../../lib/session';
import styles from './account.module.css';
import { OrderProfileSection } from './order-profile/order-profile-section';
import { OrdersSection } from './orders/orders-section';

const ACCOUNT_TITLE = pageTitle('Your account');

/**
 * /account: the signed-in player's own page, a list of sections (the order profile and merch
 * orders now; issue 12 adds more). Visitors are asked to sign in and come back.
 */
export default function AccountScreen() {
  return (
    <QueryProvider>
      <Account />
    </QueryProvider>
  );
}

function Account() {
  usePageTitle(ACCOUNT_TITLE);
  const me = useMe();
  if (me.isPending) return <LoadingScreen />;
  const user = me.data?.user ?? null;

  return (
    <section className={`page ${styles.screen}`} aria-labelledby="account-title">
      <h1 id="account-title">Your account</h1>
      {me.isError ? (
        <p role="alert">Your account could not be loaded. Check your connection and reload the page.</p>
      ) : !user ? (
        <p className={styles.intro}>
          <Link to={`${ROUTES.login}?next=${encodeURIComponent(ROUTES.account)}`}>Sign in</Link> to see your order
          profile and your orders.
        </p>
      ) : (
        <>
          <p className={styles.intro}>
            Signed in as <strong>{me.data?.profile ? `@${me.data.profile.displayName}` : user.email}</strong>.
          </p>
          <OrderProfileSection accountEmail={user.email} />
          <OrdersSection />
        </>
      )}
    </section>
  );
}
