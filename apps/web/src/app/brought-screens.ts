import type { AdminArea } from '../features/admin/admin-navigation';
import type { RouteObject } from '../lib/router/router';
import * as REGISTERED from './domain-screens';

/**
 * What a domain with screens of its own brings (features/<name>/screens.ts): its route lines, whose
 * elements are lazy screens so the first visit loads none of them, and its links on the back
 * office's Configuration screen and in its navigation.
 */
export interface DomainScreens {
  /** Lines of the web app's route table (app/routes.tsx): the players' screens. */
  publicRoutes?: readonly RouteObject[];
  /** Lines of the back office's route table (features/admin/admin-screens.tsx), paths below /admin. */
  adminRoutes?: readonly RouteObject[];
  /**
   * Its entries on the Configuration screen and in the back office's navigation: where it is, what
   * it is called, what it holds, and the area it is listed under.
   */
  configurationLinks?: readonly { to: string; label: string; holds: string; area: AdminArea }[];
}

const BROUGHT: readonly DomainScreens[] = Object.values(REGISTERED);

export const BROUGHT_PUBLIC_ROUTES = BROUGHT.flatMap((screens) => screens.publicRoutes ?? []);
export const BROUGHT_ADMIN_ROUTES = BROUGHT.flatMap((screens) => screens.adminRoutes ?? []);
export const BROUGHT_CONFIGURATION_LINKS = BROUGHT.flatMap((screens) => screens.configurationLinks ?? []);
