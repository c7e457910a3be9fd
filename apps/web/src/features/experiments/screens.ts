import { EXPERIMENTS_PATHS } from '@outpost/contracts/experiments/paths';
import type { DomainScreens } from '../../app/brought-screens';
import { lazyComponent } from '../../lib/lazy-component';
import { screen } from '../../lib/lazy-screen';

/* Experiments' screens, each loaded when first shown; registered by its line in app/domain-screens.ts. */

const ExperimentsAdmin = lazyComponent(() => import('./admin/experiments-admin'));
const ExperimentPage = lazyComponent(() => import('./admin/experiment-page'));

// Below the admin shell's /admin.
const below = (path: string) => path.slice('/admin/'.length);

export const experimentsScreens: DomainScreens = {
  // Players never see an experiment: only the value their variant gives a parameter.
  publicRoutes: [],
  adminRoutes: [
    screen(ExperimentsAdmin, {}, { path: below(EXPERIMENTS_PATHS.admin) }),
    screen(ExperimentPage, {}, { path: below(EXPERIMENTS_PATHS.adminExperiment) }),
  ],
  configurationLinks: [
    {
      to: EXPERIMENTS_PATHS.admin,
      label: 'Experiments',
      holds: 'remote-config values tested on part of the players, with their results.',
      area: 'Game',
    },
  ],
};
