import { CALENDAR_PATHS } from '@outpost/contracts/calendar/paths';
import type { DomainScreens } from '../../app/brought-screens';
import { lazyComponent } from '../../lib/lazy-component';
import { screen } from '../../lib/lazy-screen';

/* The calendar's screen, loaded when first shown; registered by its line in app/domain-screens.ts. */

const CalendarAdmin = lazyComponent(() => import('./admin/calendar-admin'));

export const calendarScreens: DomainScreens = {
  // The back office's own: players never see it.
  publicRoutes: [],
  // Below the admin shell's /admin.
  adminRoutes: [screen(CalendarAdmin, {}, { path: CALENDAR_PATHS.admin.slice('/admin/'.length) })],
  configurationLinks: [
    {
      to: CALENDAR_PATHS.admin,
      label: 'Calendar',
      holds: 'every dated thing on one timeline: drops, the shop’s opening, pushes, rewards, publishes.',
      area: 'Game',
    },
  ],
};
