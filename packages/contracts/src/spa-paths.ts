import { ADMIN_ROUTES } from './admin-routes';
import { BROUGHT_SCREEN_PATHS } from './domain-contract';
import { ROUTES, stripTrailingSlash } from './routes';

/*
 * Which paths the web app renders, for the server (an unknown path is a 404) and the tests. Kept
 * apart from the route table: the browser matches paths with its router, and the list and its
 * matchers would only add to the first visit's download.
 */

/**
 * Paths the SPA renders itself. Admin paths are listed one by one rather than as `/admin/*`:
 * a path the admin area does not have yet (e.g. /admin/products/list) must stay a 404.
 */
const SPA_PATTERNS: readonly string[] = [
  ROUTES.home,
  ROUTES.homeIndexHtml,
  ROUTES.story,
  ROUTES.storyAdmin,
  ROUTES.storyEpisode,
  ROUTES.shop,
  ROUTES.about,
  ROUTES.download,
  ROUTES.login,
  ROUTES.account,
  ROUTES.invite,
  ROUTES.referral,
  ROUTES.privacy,
  ROUTES.terms,
  ROUTES.admin,
  ROUTES.adminModeration,
  ADMIN_ROUTES.adminReports,
  ADMIN_ROUTES.adminReport,
  ADMIN_ROUTES.adminFeedback,
  ADMIN_ROUTES.adminUsers,
  ADMIN_ROUTES.adminUser,
  ADMIN_ROUTES.adminBetaRequests,
  ADMIN_ROUTES.adminBetaInvites,
  ADMIN_ROUTES.adminBetaObjectives,
  ADMIN_ROUTES.adminBetaSettings,
  ADMIN_ROUTES.adminRewards,
  ADMIN_ROUTES.adminPartners,
  ADMIN_ROUTES.adminPartnerInvites,
  ADMIN_ROUTES.adminReferralRewards,
  ADMIN_ROUTES.adminPartnerSettings,
  ROUTES.adminConfiguration,
  ADMIN_ROUTES.adminLog,
  ADMIN_ROUTES.adminProducts,
  ADMIN_ROUTES.adminProductNew,
  ADMIN_ROUTES.adminProduct,
  ADMIN_ROUTES.adminItems,
  ADMIN_ROUTES.adminItemNew,
  ADMIN_ROUTES.adminItem,
  ADMIN_ROUTES.adminPurchasables,
  ADMIN_ROUTES.adminPurchasableNew,
  ADMIN_ROUTES.adminPurchasable,
  ADMIN_ROUTES.adminShopPacks,
  ADMIN_ROUTES.adminShopPackNew,
  ADMIN_ROUTES.adminShopPack,
  ADMIN_ROUTES.adminShopMachines,
  ADMIN_ROUTES.adminShopMachineNew,
  ADMIN_ROUTES.adminShopMachine,
  ADMIN_ROUTES.adminShopDrops,
  ADMIN_ROUTES.adminShopSettings,
  ADMIN_ROUTES.adminShopPayPalTransactions,
  ADMIN_ROUTES.adminClaimCodes,
  ADMIN_ROUTES.adminClaimCodeNew,
  ADMIN_ROUTES.adminClaimCodeBatch,
  ADMIN_ROUTES.adminMerchOrders,
  ADMIN_ROUTES.adminMerchOrder,
  ADMIN_ROUTES.adminMerchDrops,
  ADMIN_ROUTES.adminMerchContacts,
  ADMIN_ROUTES.adminMerchProducts,
  ADMIN_ROUTES.adminMerchSettings,
  ADMIN_ROUTES.adminLive,
  ADMIN_ROUTES.adminIngestKeys,
  ADMIN_ROUTES.adminPush,
  // The screens of the domains with contracts of their own (domain-contract.ts).
  ...BROUGHT_SCREEN_PATHS,
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const SPA_MATCHERS = SPA_PATTERNS.map((pattern) => {
  if (pattern === '/') return /^\/$/;
  const source = stripTrailingSlash(pattern)
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : escapeRegExp(segment)))
    .join('/');
  return new RegExp(`^${source}/?$`);
});

/** True when the web app has a screen for this path (a trailing slash is optional, as in the router). */
export function isSpaPath(pathname: string): boolean {
  return SPA_MATCHERS.some((matcher) => matcher.test(pathname));
}

/**
 * True for the back office's addresses, known or not: the web app says an unknown one has no page
 * inside the back office's console, so the server answers it 404 with the app's shell rather than
 * with the site's Not-found page.
 */
export function isBackOfficePath(pathname: string): boolean {
  return pathname === ROUTES.adminHome || pathname.startsWith(ROUTES.admin);
}
