import { ROUTES } from '@outpost/contracts/routes';

/** The admin shell's links (docs/product.md §2.7), shared by its top bar and its mobile overlay. */
export const ADMIN_LINKS = [
  { to: ROUTES.adminHome, label: 'Home', end: true },
  { to: ROUTES.adminModeration, label: 'Moderation', end: false },
  { to: ROUTES.adminConfiguration, label: 'Configuration', end: false },
  { to: ROUTES.storyAdmin, label: 'Theater', end: false },
] as const;
