import { REMOTE_CONFIG_PATHS } from '@outpost/contracts/remote-config/paths';
import type { DomainScreens } from '../../app/brought-screens';
import { lazyComponent } from '../../lib/lazy-component';
import { screen } from '../../lib/lazy-screen';

/* Remote config's screen, loaded when first shown; registered by its line in app/domain-screens.ts. */

const RemoteConfigAdmin = lazyComponent(() => import('./admin/remote-config-admin'));

export const remoteConfigScreens: DomainScreens = {
  publicRoutes: [],
  // Below the admin shell's /admin.
  adminRoutes: [screen(RemoteConfigAdmin, {}, { path: REMOTE_CONFIG_PATHS.admin.slice('/admin/'.length) })],
  configurationLinks: [
    {
      to: REMOTE_CONFIG_PATHS.admin,
      label: 'Remote config',
      holds: 'what the game reads at run time: parameters, conditions, versions.',
      area: 'Game',
    },
  ],
};
