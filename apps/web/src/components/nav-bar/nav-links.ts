import { ROUTES } from '@outpost/contracts/routes';

export interface PrimaryLink {
  to: string;
  label: string;
  /** Loads the page as a new document: /story's own CSP lets its video players in (see Link). */
  reloadDocument?: boolean;
}

/** The primary links, shared by the bar and the mobile overlay (docs/product.md §2.2). */
export const PRIMARY_LINKS: readonly PrimaryLink[] = [
  { to: ROUTES.home, label: 'HOME' },
  { to: ROUTES.story, label: 'STORY', reloadDocument: true },
  { to: ROUTES.shop, label: 'SHOP' },
  { to: ROUTES.about, label: 'ABOUT' },
];
