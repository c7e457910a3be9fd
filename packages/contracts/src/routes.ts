/**
 * The web app's route table (spec §2). The router builds its routes from these paths and the
 * server uses the same table to answer unknown paths with HTTP 404.
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
  /** The player's account area (issue 12): profile, credits, orders, beta, feedback, referrals, avatars, lighting. */
  account: '/account',
  /** A shared beta invite: what it is and the Claim button. */
  invite: '/invite/:inviteID',
  /** A partner's referral link: a new player joins through it. */
  referral: '/join/:referralID',
  privacy: '/privacy',
  terms: '/terms',
  /** The ADMIN PANEL link of the navigation bar (spec §2). */
  admin: '/admin/',
  /** The admin shell's Home link (spec §2); the same screen as `admin`. */
  adminHome: '/admin',
  adminModeration: '/admin/moderation',
  /** Moderation (issue 12): reports, one report, feedback review and user search. */
  adminReports: '/admin/moderation/reports',
  adminReport: '/admin/moderation/reports/:reportID',
  adminFeedback: '/admin/moderation/feedback',
  adminUsers: '/admin/moderation/users',
  /** The beta programme's back office: requests, invites, testing objectives, beta-config. */
  adminBetaRequests: '/admin/beta/requests',
  adminBetaInvites: '/admin/beta/invites',
  adminBetaObjectives: '/admin/beta/objectives',
  adminBetaSettings: '/admin/beta/settings',
  /** Reward distribution (admins). */
  adminRewards: '/admin/rewards',
  /** The partner programme: partners, partner invites, referral-rewards, config/partners. */
  adminPartners: '/admin/partners/list',
  adminPartnerInvites: '/admin/partners/invites',
  adminReferralRewards: '/admin/partners/rewards',
  adminPartnerSettings: '/admin/partners/settings',
  adminConfiguration: '/admin/configuration',
  /** The admin log of the selected environment. */
  adminLog: '/admin/log',
  adminProducts: '/admin/products/list',
  adminProductNew: '/admin/products/new',
  adminProduct: '/admin/products/:productID',
  /** items-master of the selected environment, and one item's page. */
  adminItems: '/admin/items/list',
  adminItemNew: '/admin/items/new',
  adminItem: '/admin/items/:itemID',
  /** What the game sells for credits, and one purchasable's page. */
  adminPurchasables: '/admin/purchasables/list',
  adminPurchasableNew: '/admin/purchasables/new',
  adminPurchasable: '/admin/purchasables/:purchasableID',
  /** The shop's back office: credit packs, machines with their prizes, drops, the opening date. */
  adminShopPacks: '/admin/shop/packs',
  adminShopPackNew: '/admin/shop/packs/new',
  adminShopPack: '/admin/shop/packs/:packID',
  adminShopMachines: '/admin/shop/machines',
  adminShopMachineNew: '/admin/shop/machines/new',
  adminShopMachine: '/admin/shop/machines/:machineID',
  adminShopDrops: '/admin/shop/drops',
  adminShopSettings: '/admin/shop/settings',
  adminShopPayPalTransactions: '/admin/shop/paypal-transactions',
  /** Redemption codes (issue 9 point 7): the batches, a new batch, one batch and its codes. */
  adminClaimCodes: '/admin/codes/list',
  adminClaimCodeNew: '/admin/codes/new',
  adminClaimCodeBatch: '/admin/codes/:claimCodeID',
  /** The merch back office (issue 10): orders, one order, drops, contact messages, ecom-products, settings. */
  adminMerchOrders: '/admin/merch/orders',
  adminMerchOrder: '/admin/merch/orders/:orderID',
  adminMerchDrops: '/admin/merch/drops',
  adminMerchContacts: '/admin/merch/contacts',
  adminMerchProducts: '/admin/merch/products',
  adminMerchSettings: '/admin/merch/settings',
} as const;

/** The edit screen of one product. */
export const adminProductPath = (productID: string) =>
  ROUTES.adminProduct.replace(':productID', encodeURIComponent(productID));

/** The page of one item of items-master. */
export const adminItemPath = (itemID: string) => ROUTES.adminItem.replace(':itemID', encodeURIComponent(itemID));

/** The page of one purchasable. */
export const adminPurchasablePath = (purchasableID: string) =>
  ROUTES.adminPurchasable.replace(':purchasableID', encodeURIComponent(purchasableID));

/** The edit screen of one credit pack. */
export const adminShopPackPath = (packID: string) =>
  ROUTES.adminShopPack.replace(':packID', encodeURIComponent(packID));

/** The edit screen of one machine and its prizes. */
export const adminShopMachinePath = (machineID: string) =>
  ROUTES.adminShopMachine.replace(':machineID', encodeURIComponent(machineID));

/** The fulfilment screen of one merch order. */
export const adminMerchOrderPath = (orderID: string) =>
  ROUTES.adminMerchOrder.replace(':orderID', encodeURIComponent(orderID));

/** The page of one shared beta invite. */
export const invitePath = (inviteID: string) => ROUTES.invite.replace(':inviteID', encodeURIComponent(inviteID));

/** The landing page of one partner referral link. */
export const referralPath = (referralID: string) =>
  ROUTES.referral.replace(':referralID', encodeURIComponent(referralID));

/** The screen of one report. */
export const adminReportPath = (reportID: string) =>
  ROUTES.adminReport.replace(':reportID', encodeURIComponent(reportID));

/** The screen of one batch of redemption codes. */
export const adminClaimCodeBatchPath = (claimCodeID: string) =>
  ROUTES.adminClaimCodeBatch.replace(':claimCodeID', encodeURIComponent(claimCodeID));

export type RouteName = keyof typeof ROUTES;

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
  ROUTES.adminReports,
  ROUTES.adminReport,
  ROUTES.adminFeedback,
  ROUTES.adminUsers,
  ROUTES.adminBetaRequests,
  ROUTES.adminBetaInvites,
  ROUTES.adminBetaObjectives,
  ROUTES.adminBetaSettings,
  ROUTES.adminRewards,
  ROUTES.adminPartners,
  ROUTES.adminPartnerInvites,
  ROUTES.adminReferralRewards,
  ROUTES.adminPartnerSettings,
  ROUTES.adminConfiguration,
  ROUTES.adminLog,
  ROUTES.adminProducts,
  ROUTES.adminProductNew,
  ROUTES.adminProduct,
  ROUTES.adminItems,
  ROUTES.adminItemNew,
  ROUTES.adminItem,
  ROUTES.adminPurchasables,
  ROUTES.adminPurchasableNew,
  ROUTES.adminPurchasable,
  ROUTES.adminShopPacks,
  ROUTES.adminShopPackNew,
  ROUTES.adminShopPack,
  ROUTES.adminShopMachines,
  ROUTES.adminShopMachineNew,
  ROUTES.adminShopMachine,
  ROUTES.adminShopDrops,
  ROUTES.adminShopSettings,
  ROUTES.adminShopPayPalTransactions,
  ROUTES.adminClaimCodes,
  ROUTES.adminClaimCodeNew,
  ROUTES.adminClaimCodeBatch,
  ROUTES.adminMerchOrders,
  ROUTES.adminMerchOrder,
  ROUTES.adminMerchDrops,
  ROUTES.adminMerchContacts,
  ROUTES.adminMerchProducts,
  ROUTES.adminMerchSettings,
];

function stripTrailingSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/**
 * One path per screen, for comparing paths: no trailing slash, and /index.html is /. The router
 * compares links with the location by it, and the server finds a prerendered page by it.
 */
export function comparablePath(pathname: string): string {
  return pathname === ROUTES.homeIndexHtml ? ROUTES.home : stripTrailingSlash(pathname);
}

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
