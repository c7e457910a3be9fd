import { __CONST___PATHS } from '@outpost/contracts/__kebab__/paths';
import type { DomainScreens } from '../../app/brought-screens';
import { lazyComponent } from '../../lib/lazy-component';
import { screen } from '../../lib/lazy-screen';

/* __Words__' screens, each loaded when first shown; registered by its line in app/domain-screens.ts. */

const __Pascal__Screen = lazyComponent(() => import('./__kebab__-screen'));
const __Pascal__Admin = lazyComponent(() => import('./admin/__kebab__-admin'));

export const __camel__Screens: DomainScreens = {
  publicRoutes: [screen(__Pascal__Screen, {}, { path: __CONST___PATHS.screen })],
  // Below the admin shell's /admin.
  adminRoutes: [screen(__Pascal__Admin, {}, { path: __CONST___PATHS.admin.slice('/admin/'.length) })],
  configurationLinks: [
    { to: __CONST___PATHS.admin, label: '__Words__', holds: 'entries players see while they run.', area: 'Game' },
  ],
};
