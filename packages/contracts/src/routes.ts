/**
 * The web app's route table (docs/product.md §2.1), the part the first visit downloads; the back office's own
 * screens are in `admin-routes.ts`. The router builds its routes from these paths, and the server
 * answers paths of neither table with HTTP 404 (`spa-paths.ts`).
 */
export const ROUTES = {
  home: '/',
  homeIndexHtml: '/index.html',
  story: '/story',
  storyAdmin: '/story/admin',
  storyEpisode: '/story/:episodeID',
  shop: '/shop/',
  about: '/about/',
  download: '/download/',
  login: '/login',
  /** The player's account area: profile, credits, orders, beta, feedback, referrals, avatars, lighting. */
  account: '/account',
  /** A shared beta invite: what it is and the Claim button. */
  invite: '/invite/:inviteID',
  /** A partner's referral link: a new player joins through it. */
  referral: '/join/:referralID',
  privacy: '/privacy',
  terms: '/terms',
  /** The ADMIN PANEL link of the navigation bar (docs/product.md §2.2). */
  admin: '/admin/',
  /** The admin shell's Home link (docs/product.md §2.7); the same screen as `admin`. */
  adminHome: '/admin',
  adminModeration: '/admin/moderation',
  adminConfiguration: '/admin/configuration',
} as const;

/** The page of one shared beta invite. */
export const invitePath = (inviteID: string) => ROUTES.invite.replace(':inviteID', encodeURIComponent(inviteID));

/** The landing page of one partner referral link. */
export const referralPath = (referralID: string) =>
  ROUTES.referral.replace(':referralID', encodeURIComponent(referralID));

export type RouteName = keyof typeof ROUTES;

export function stripTrailingSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/**
 * One path per screen, for comparing paths: no trailing slash, and /index.html is /. The router
 * compares links with the location by it, and the server finds a prerendered page by it.
 */
export function comparablePath(pathname: string): string {
  return pathname === ROUTES.homeIndexHtml ? ROUTES.home : stripTrailingSlash(pathname);
}
