import { can } from '@outpost/contracts/permissions';
import { Suspense, useEffect } from 'react';
import { LoadingScreen } from '../../components/loading/loading-screen';
import { adminPageTitle, useTitleFromHeading } from '../../lib/page-title';
import { QueryProvider } from '../../lib/query-client';
import { Outlet } from '../../lib/router/router';
import { useMe } from '../../lib/session';
import { adminGate } from './admin-gate';
import styles from './admin-layout.module.css';
import { useAdminAccess } from './api/get-admin-access';
import { AdminNotice } from './components/admin-notice';
import { AdminSideNav } from './components/admin-side-nav';
import { AdminTopBar } from './components/admin-top-bar';
import { useAdminEnvironment } from './environment';

/**
 * The admin shell (docs/product.md §2.7) and its guard: a console with the top bar (the environment,
 * always in view) over the side navigation and the screen. Its screens act on the environment chosen
 * in the top bar, as the server confirmed it in the access answer they receive.
 */
function AdminShell() {
  const me = useMe();
  const mayAsk = can(me.data?.profile?.keys, 'adminArea');
  const userId = me.data?.user?.id ?? null;
  const [environment, setEnvironment] = useAdminEnvironment(userId);
  const access = useAdminAccess(environment, userId, mayAsk);
  const gate = adminGate(me, access);

  if (gate === 'loading') return <LoadingScreen />;
  if (gate !== 'open' || !access.data) {
    const retry = () => {
      void me.refetch();
      if (mayAsk) void access.refetch();
    };
    return <AdminNotice gate={gate === 'open' ? 'unavailable' : gate} onRetry={retry} />;
  }
  return (
    <div className={styles.shell} data-environment={access.data.environment}>
      <AdminTopBar
        environment={environment}
        onEnvironmentChange={setEnvironment}
        capabilities={access.data.capabilities}
      />
      <div className={styles.console}>
        <AdminSideNav capabilities={access.data.capabilities} />
        <div className={styles.screen} data-console-screen>
          <Suspense fallback={<LoadingScreen />}>
            <Outlet context={access.data} />
          </Suspense>
        </div>
      </div>
    </div>
  );
}

/** React Query lives in the screens that use its hooks, not in the entry chunk (lib/query-client.tsx). */
export default function AdminLayout() {
  // Every back-office page is titled after its heading: "Products — Admin — Outpost".
  useTitleFromHeading('main', adminPageTitle);
  // The site bar hides its phone menu while the back office's carries its links (AdminTopBar).
  useEffect(() => {
    document.documentElement.dataset.area = 'admin';
    return () => {
      delete document.documentElement.dataset.area;
    };
  }, []);
  return (
    <QueryProvider>
      <AdminShell />
    </QueryProvider>
  );
}
