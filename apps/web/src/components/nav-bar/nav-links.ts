import { ROUTES } from '@outpost/contracts/routes';

/** The primary links, shared by the bar and the mobile overlay (spec §2). */
export const PRIMARY_LINKS = [
  { to: ROUTES.home, label: 'HOME' },
  { to: ROUTES.story, label: 'STORY' },
  { to: ROUTES.shop, label: 'SHOP' },
  { to: ROUTES.about, label: 'ABOUT' },
] as const;
