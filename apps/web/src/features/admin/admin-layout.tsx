import { DEFAULT_ENVIRONMENT } from '@outpost/contracts/environments';
import { can } from '@outpost/contracts/permissions';
import { Suspense } from 'react';
import { LoadingScreen } from '../../components/loading/loading-screen';
import { QueryProvider } from '../../lib/query-client';
import { Outlet } from '../../lib/router/router';
import { useMe } from '../../lib/session';
import { adminGate } from './admin-gate';
import styles from './admin-layout.module.css';
import { useAdminAccess } from './api/get-admin-access';
import { AdminNotice } from './components/admin-notice';
import { AdminTopBar } from './components/admin-top-bar';

/**
 * The admin shell (spec §2) and its guard. The environment switch arrives with the admin tools;
 * until then the shell works on the default environment (development).
 */
function AdminShell() {
  const me = useMe();
  const mayAsk = can(me.data?.profile?.keys, 'adminArea');
  const access = useAdminAccess(DEFAULT_ENVIRONMENT, me.data?.user?.id ?? null, mayAsk);
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
    <div className={styles.shell}>
      <AdminTopBar />
      <Suspense fallback={<LoadingScreen />}>
        <Outlet context={access.data} />
      </Suspense>
    </div>
  );
}

/** React Query lives in the screens that use its hooks, not in the entry chunk (lib/query-client.tsx). */
export default function AdminLayout() {
  return (
    <QueryProvider>
      <AdminShell />
    </QueryProvider>
  );
}
