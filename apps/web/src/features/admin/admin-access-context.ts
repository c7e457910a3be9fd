import type { AdminAccess } from '@outpost/contracts/permissions';
import { useOutletContext } from '../../lib/router/router';

/**
 * The server's access answer, which the admin shell hands to its screens as the outlet context. (Outlet
 * context rather than a React context of our own: a module shared by the lazy admin chunks that imports React
 * made the bundler split React out of the entry chunk.) The admin context throws if used outside its
 * provider, here a screen rendered without the shell and its guard (docs/product.md §8.5).
 */
export function useAdminAccessContext(): AdminAccess {
  const access = useOutletContext<AdminAccess | undefined>();
  if (!access) throw new Error('useAdminAccessContext must be used inside the admin shell (AdminLayout).');
  return access;
}
