import { SEGMENTS_PATHS } from '@outpost/contracts/segments/paths';
import type { DomainScreens } from '../../app/brought-screens';
import { lazyComponent } from '../../lib/lazy-component';
import { screen } from '../../lib/lazy-screen';

/* Segments' screens, each loaded when first shown; registered by its line in app/domain-screens.ts. */

const SegmentsAdmin = lazyComponent(() => import('./admin/segments-admin'));
const SegmentEditor = lazyComponent(() => import('./admin/segment-editor'));

// Below the admin shell's /admin.
const below = (path: string) => path.slice('/admin/'.length);

export const segmentsScreens: DomainScreens = {
  // Segments are the back office's own: players never see them.
  publicRoutes: [],
  adminRoutes: [
    screen(SegmentsAdmin, {}, { path: below(SEGMENTS_PATHS.admin) }),
    screen(SegmentEditor, {}, { path: below(SEGMENTS_PATHS.adminSegment) }),
  ],
  configurationLinks: [
    {
      to: SEGMENTS_PATHS.admin,
      label: 'Segments',
      holds: 'audiences defined once: push, rewards and remote config take them.',
      area: 'Game',
    },
  ],
};
