import { broughtLines } from './domain-contract';
import type { Capability } from './permissions';

/**
 * Who may call a route: anyone, any signed-in account, holders of a capability of the role table,
 * or `service`: the game's own servers, with the service key of the environment the path names.
 */
export type Access = 'public' | 'signedIn' | 'service' | Capability;

export interface RoutePolicy {
  access: Access;
  /** Product functions (docs/product.md §7.1) also need an attestation token where the environment enforces it. */
  attestation?: boolean;
  /**
   * A GET that changes state: docs/product.md §7.1 keeps some product functions as GET for the game. Like every
   * POST, PUT and DELETE, it refuses a cookie session unless the request comes from our own pages.
   */
  writes?: boolean;
  /**
   * It spends or claims: a repeat of one request key (IDEMPOTENCY_KEY_HEADER, or the query field on a
   * GET product function) answers the first answer and carries out nothing (see idempotency.ts).
   */
  idempotent?: boolean;
}

const open: RoutePolicy = { access: 'public' };
const productFunction = (access: Access): RoutePolicy => ({ access, attestation: true });
/**
 * A product function docs/product.md §7.1 names as GET although it changes something: spends, spins,
 * claims, subscribes.
 */
const writingGetFunction = (access: Access): RoutePolicy => ({ access, attestation: true, writes: true });
/** A writing GET product function that spends or claims, once per request key. */
const spendingGetFunction = (access: Access): RoutePolicy => ({ ...writingGetFunction(access), idempotent: true });
/** A signed-in player's call that spends or claims, once per request key. */
const spending: RoutePolicy = { access: 'signedIn', idempotent: true };

/** The API routes of the platform and of the domains whose contracts are this folder's files. */
const OWN_POLICIES = {
  'GET /healthz': open,
  'GET /readyz': open,
  'GET /api/docs': open,
  'GET /api/auth/*': open,
  'POST /api/auth/*': open,
  'GET /api/auth/me': open,
  'GET /api/attestation/challenge': open,
  'POST /api/attestation/exchange': open,
  'POST /api/callable/signupForEmails': open,
  'POST /api/callable/signupCount': open,
  'GET /api/fn/check-email': productFunction('public'),
  'POST /api/fn/register': productFunction('signedIn'),
  // The account page's display name; passwords change through /api/auth/change-password.
  'PUT /api/account/profile': { access: 'signedIn' },
  'POST /api/fn/register-for-email-segment': productFunction('public'),
  'GET /api/account/credits': { access: 'signedIn' },
  'GET /api/account/items': { access: 'signedIn' },
  'GET /api/shop': open,
  'POST /api/shop/orders': spending,
  'GET /api/fn/spin-machine': spendingGetFunction('signedIn'),
  'GET /api/fn/request-spin': spendingGetFunction('signedIn'),
  'GET /api/fn/process-paypal-order': spendingGetFunction('signedIn'),
  'GET /api/fn/process-direct-transaction': spendingGetFunction('signedIn'),
  'GET /api/admin/:env/access': { access: 'adminArea' },
  'GET /api/admin/:env/admin-log': { access: 'adminArea' },
  'GET /api/admin/:env/dashboard': { access: 'adminArea' },
  'GET /api/admin/:env/revenue': { access: 'adminArea' },
  'GET /api/admin/:env/search': { access: 'adminArea' },
  'POST /api/callable/development-admin-gatherRouterDashboardCallable': { access: 'adminArea' },
  'POST /api/callable/beta-admin-gatherRouterDashboardCallable': { access: 'adminArea' },
  'POST /api/callable/production-admin-gatherRouterDashboardCallable': { access: 'adminArea' },
  'GET /api/admin/:env/products': { access: 'adminArea' },
  'POST /api/admin/:env/products': { access: 'manageProducts' },
  'GET /api/admin/:env/products/:productID': { access: 'adminArea' },
  'PUT /api/admin/:env/products/:productID': { access: 'manageProducts' },
  'GET /api/admin/:env/items': { access: 'adminArea' },
  'POST /api/admin/:env/items': { access: 'manageShop' },
  'GET /api/admin/:env/items/:itemID': { access: 'adminArea' },
  'PUT /api/admin/:env/items/:itemID': { access: 'manageShop' },
  'DELETE /api/admin/:env/items/:itemID': { access: 'manageShop' },
  'GET /api/admin/:env/purchasables': { access: 'adminArea' },
  'POST /api/admin/:env/purchasables': { access: 'manageShop' },
  'GET /api/admin/:env/purchasables/:purchasableID': { access: 'adminArea' },
  'PUT /api/admin/:env/purchasables/:purchasableID': { access: 'manageShop' },
  'DELETE /api/admin/:env/purchasables/:purchasableID': { access: 'manageShop' },
  'GET /api/admin/:env/claim-codes': { access: 'manageShop' },
  'POST /api/admin/:env/claim-codes': { access: 'manageShop' },
  'GET /api/admin/:env/claim-codes/:claimCodeID': { access: 'manageShop' },
  'DELETE /api/admin/:env/claim-codes/:claimCodeID': { access: 'manageShop' },
  'POST /api/account/redeem-code': spending,
  'GET /api/admin/:env/credit-packs': { access: 'adminArea' },
  'POST /api/admin/:env/credit-packs': { access: 'manageShop' },
  'GET /api/admin/:env/credit-packs/:packID': { access: 'adminArea' },
  'PUT /api/admin/:env/credit-packs/:packID': { access: 'manageShop' },
  'GET /api/admin/:env/machines': { access: 'adminArea' },
  'POST /api/admin/:env/machines': { access: 'manageShop' },
  'GET /api/admin/:env/machines/:machineID': { access: 'adminArea' },
  'PUT /api/admin/:env/machines/:machineID': { access: 'manageShop' },
  'GET /api/admin/:env/drops': { access: 'adminArea' },
  'POST /api/admin/:env/drops': { access: 'manageShop' },
  'PUT /api/admin/:env/drops/:dropID': { access: 'manageShop' },
  'DELETE /api/admin/:env/drops/:dropID': { access: 'manageShop' },
  'GET /api/admin/:env/config/container-spin': { access: 'adminArea' },
  'PUT /api/admin/:env/config/container-spin': { access: 'manageShop' },
  'GET /api/admin/:env/paypal-transactions': { access: 'adminArea' },
  // Merch: the catalogue, orders, the order profile, drops and the contact form.
  'GET /api/shop/merch': open,
  'POST /api/shop/merch/orders': spending,
  'POST /api/shop/merch/orders/:orderID/cancel': { access: 'signedIn' },
  'POST /api/shop/merch/contact': open,
  'GET /api/account/orders': { access: 'signedIn' },
  'GET /api/account/order-profile': { access: 'signedIn' },
  'POST /api/fn/set-order-profile': productFunction('signedIn'),
  'GET /api/fn/subscribe-to-drop': writingGetFunction('signedIn'),
  // Orders and contact messages carry players' addresses: the shop's staff only.
  'GET /api/admin/:env/merch/orders': { access: 'manageShop' },
  'GET /api/admin/:env/merch/orders/:orderID': { access: 'manageShop' },
  'PUT /api/admin/:env/merch/orders/:orderID/fulfilment': { access: 'manageShop' },
  'POST /api/admin/:env/merch/orders/:orderID/refunds': { access: 'manageShop' },
  'GET /api/admin/:env/merch/contacts': { access: 'manageShop' },
  'GET /api/admin/:env/merch/drops': { access: 'adminArea' },
  'POST /api/admin/:env/merch/drops': { access: 'manageShop' },
  'PUT /api/admin/:env/merch/drops/:dropID': { access: 'manageShop' },
  'DELETE /api/admin/:env/merch/drops/:dropID': { access: 'manageShop' },
  'GET /api/admin/:env/ecom-products': { access: 'adminArea' },
  'GET /api/admin/:env/config/merch': { access: 'adminArea' },
  'PUT /api/admin/:env/config/merch': { access: 'manageShop' },
  // The story theater: the library and viewer are public, favourites need an account.
  'GET /api/theater': open,
  'GET /api/theater/:theaterID': open,
  'GET /api/account/favourite-episodes': { access: 'signedIn' },
  'GET /api/fn/favourite-episode': writingGetFunction('signedIn'),
  'GET /api/admin/:env/theater/episodes': { access: 'adminArea' },
  'POST /api/admin/:env/theater/episodes': { access: 'manageTheater' },
  'GET /api/admin/:env/theater/episodes/:episodeID': { access: 'adminArea' },
  'PUT /api/admin/:env/theater/episodes/:episodeID': { access: 'manageTheater' },
  'DELETE /api/admin/:env/theater/episodes/:episodeID': { access: 'manageTheater' },
  'PUT /api/admin/:env/theater/episodes/:episodeID/banner': { access: 'manageTheater' },
  'GET /api/admin/:env/theater/videos': { access: 'adminArea' },
  'POST /api/admin/:env/theater/videos': { access: 'manageTheater' },
  'GET /api/admin/:env/theater/videos/:videoID': { access: 'adminArea' },
  'PUT /api/admin/:env/theater/videos/:videoID': { access: 'manageTheater' },
  'DELETE /api/admin/:env/theater/videos/:videoID': { access: 'manageTheater' },
  'PUT /api/admin/:env/theater/videos/:videoID/thumbnail': { access: 'manageTheater' },
  'GET /api/admin/:env/theater/collections': { access: 'adminArea' },
  'POST /api/admin/:env/theater/collections': { access: 'manageTheater' },
  'GET /api/admin/:env/theater/collections/:collectionID': { access: 'adminArea' },
  'PUT /api/admin/:env/theater/collections/:collectionID': { access: 'manageTheater' },
  'DELETE /api/admin/:env/theater/collections/:collectionID': { access: 'manageTheater' },
  // The game's servers report each episode's in-game stats (docs/product.md §3.12: stats/ingame).
  'PUT /api/ingest/:env/episode-stats': { access: 'service' },
  // Reports and rewards: players file reports from the account area and the game with its service key;
  // moderators list and resolve them; only admins distribute rewards.
  'POST /api/account/reports': { access: 'signedIn' },
  'POST /api/ingest/:env/reports': { access: 'service' },
  'GET /api/admin/:env/reports': { access: 'moderate' },
  'GET /api/admin/:env/reports/trending': { access: 'moderate' },
  'GET /api/admin/:env/reports/:reportID': { access: 'moderate' },
  'POST /api/admin/:env/reports/:reportID/resolve': { access: 'moderate' },
  'POST /api/callable/development-admin-distributereward': { access: 'distributeRewards' },
  'POST /api/callable/beta-admin-distributereward': { access: 'distributeRewards' },
  'POST /api/callable/production-admin-distributereward': { access: 'distributeRewards' },
  // Rewards to everyone: the players it would reach, and each one's progress; one scheduled for a time, moved
  // and cancelled (Outpost's own: the callable sends at once).
  'GET /api/admin/:env/rewards/everyone': { access: 'distributeRewards' },
  'GET /api/admin/:env/rewards/everyone/players': { access: 'distributeRewards' },
  'POST /api/admin/:env/rewards/everyone/schedule': { access: 'distributeRewards' },
  'POST /api/admin/:env/rewards/everyone/:requestID/reschedule': { access: 'distributeRewards' },
  'POST /api/admin/:env/rewards/everyone/:requestID/cancel': { access: 'distributeRewards' },
  // The beta programme: players read beta-config and the active objectives, request entry, look up and claim
  // invites, send feedback; staff run it, moderators review feedback.
  'GET /api/beta': open,
  'GET /api/account/beta': { access: 'signedIn' },
  'PUT /api/account/beta/request': { access: 'signedIn' },
  'GET /api/account/invites/:inviteID': { access: 'signedIn' },
  'POST /api/account/invites/:inviteID/claim': spending,
  'POST /api/account/feedback': { access: 'signedIn' },
  'GET /api/admin/:env/invites': { access: 'manageBeta' },
  'POST /api/admin/:env/invites': { access: 'manageBeta' },
  'GET /api/admin/:env/beta-requests': { access: 'manageBeta' },
  'POST /api/admin/:env/beta-requests/:userID/accept': { access: 'manageBeta' },
  'GET /api/admin/:env/testing-objectives': { access: 'moderate' },
  'POST /api/admin/:env/testing-objectives': { access: 'manageBeta' },
  'PUT /api/admin/:env/testing-objectives/:objectiveID': { access: 'manageBeta' },
  'GET /api/admin/:env/beta-config': { access: 'moderate' },
  'PUT /api/admin/:env/beta-config': { access: 'manageBeta' },
  'GET /api/admin/:env/feedback': { access: 'moderate' },
  'POST /api/admin/:env/feedback/review': { access: 'moderate' },
  // User search: user-search-{env} (docs/product.md §7.7) for whoever moderates; changing a user's keys is
  // for admins only.
  'POST /api/admin/:env/user-search': { access: 'moderate' },
  'PUT /api/admin/:env/users/:userID/keys': { access: 'manageKeys' },
  // The account lifecycle: a player deletes their account or downloads their data; the moderation hub's user
  // page shows a player's suspensions, which staff and admins make and lift.
  'POST /api/account/deletion': { access: 'signedIn' },
  'POST /api/account/data-export': { access: 'signedIn' },
  'GET /api/admin/:env/users/:userID': { access: 'moderate' },
  'POST /api/admin/:env/users/:userID/suspension': { access: 'suspendPlayers' },
  'POST /api/admin/:env/users/:userID/suspension/lift': { access: 'suspendPlayers' },
  // The player page for support (docs/decisions/0130-the-player-page.md): moderators read every domain's part;
  // staff and admins give or take back credits and items, end the player's sessions, download their data and
  // delete their account.
  'GET /api/admin/:env/users/:userID/record': { access: 'moderate' },
  'POST /api/admin/:env/users/:userID/credits': { access: 'manageShop' },
  'POST /api/admin/:env/users/:userID/items': { access: 'manageShop' },
  'GET /api/admin/:env/users/:userID/items': { access: 'moderate' },
  'POST /api/admin/:env/users/:userID/items/take-back': { access: 'manageShop' },
  'POST /api/admin/:env/users/:userID/sessions/end': { access: 'suspendPlayers' },
  'POST /api/admin/:env/users/:userID/data-export': { access: 'suspendPlayers' },
  'POST /api/admin/:env/users/:userID/deletion': { access: 'suspendPlayers' },
  // Avatars: the list is public (a visitor has claimed none); docs/product.md §7.1's claim-avatar is the
  // signed-in player's own.
  'GET /api/avatars': open,
  'GET /api/fn/claim-avatar': spendingGetFunction('signedIn'),
  // Lighting presets: visitors work under the owner 'guest' (docs/product.md §6.3), so the routes are public
  // and each decides by the owner the request acts as.
  'GET /api/lighting-presets': open,
  'POST /api/lighting-presets': open,
  'PUT /api/lighting-presets/:presetID': open,
  'DELETE /api/lighting-presets/:presetID': open,
  // The partner programme: a referral link's landing page is public; partners (key 'partner', checked by the
  // routes) see their link and claim tiers; only admins run it.
  'GET /api/referrals/:referralID': open,
  'POST /api/account/referrals/:referralID/join': spending,
  // It creates the partner's link on first visit (docs/product.md §4.4: created on demand if absent).
  'GET /api/account/referral-link': { access: 'signedIn', writes: true },
  'POST /api/account/referral-link/tiers/:tierID/claim': spending,
  'POST /api/account/partner-invites/:inviteID/claim': spending,
  'GET /api/admin/:env/partners': { access: 'managePartners' },
  'GET /api/admin/:env/partner-invites': { access: 'managePartners' },
  'POST /api/admin/:env/partner-invites': { access: 'managePartners' },
  'PUT /api/admin/:env/partner-invites/:inviteID': { access: 'managePartners' },
  'DELETE /api/admin/:env/partner-invites/:inviteID': { access: 'managePartners' },
  'POST /api/admin/:env/partner-invites/delivered': { access: 'managePartners' },
  'POST /api/admin/:env/partner-invites/delete-undelivered': { access: 'managePartners' },
  'GET /api/admin/:env/referral-rewards': { access: 'managePartners' },
  'POST /api/admin/:env/referral-rewards': { access: 'managePartners' },
  'PUT /api/admin/:env/referral-rewards/:rewardID': { access: 'managePartners' },
  'GET /api/admin/:env/partners-config': { access: 'managePartners' },
  'PUT /api/admin/:env/partners-config': { access: 'managePartners' },
  // Live listeners (docs/product.md §7.10): server-sent events of the topics asked for, each checked as
  // the route reading its data is (contracts' LIVE_TOPICS: who may follow it).
  'GET /api/live': open,
  // The background jobs' history: runs, retries and failures.
  'GET /api/admin/:env/jobs': { access: 'viewJobs' },
  // Game data: the game's servers report batches of events with a service key; admins make and revoke those
  // keys; staff and admins read the live stats.
  'POST /api/ingest/:env/events': { access: 'service' },
  'GET /api/admin/:env/ingest-keys': { access: 'manageIngestKeys' },
  'POST /api/admin/:env/ingest-keys': { access: 'manageIngestKeys' },
  'POST /api/admin/:env/ingest-keys/:keyID/revoke': { access: 'manageIngestKeys' },
  'GET /api/admin/:env/live-stats': { access: 'viewLiveStats' },
  'GET /api/admin/:env/live-stats/series': { access: 'viewLiveStats' },
  // The push endpoints of docs/product.md §7.6, one per environment; the composer's reads, and a
  // scheduled message's cancel and reschedule.
  'POST /api/fn/development-push-sendbatch': { access: 'sendPush' },
  'POST /api/fn/beta-push-sendbatch': { access: 'sendPush' },
  'POST /api/fn/production-push-sendbatch': { access: 'sendPush' },
  'POST /api/fn/development-push-sendtestnotificatio': { access: 'sendPush' },
  'POST /api/fn/beta-push-sendtestnotificatio': { access: 'sendPush' },
  'POST /api/fn/production-push-sendtestnotificatio': { access: 'sendPush' },
  'GET /api/admin/:env/push/messages': { access: 'sendPush' },
  'POST /api/admin/:env/push/messages/:messageID/cancel': { access: 'sendPush' },
  'POST /api/admin/:env/push/messages/:messageID/reschedule': { access: 'sendPush' },
  'POST /api/admin/:env/push/audience': { access: 'sendPush' },
  'GET /api/admin/:env/push/outbox': { access: 'sendPush' },
  // Push devices: the game's client registers the signed-in player's device for push, and forgets it when the
  // player signs out there.
  'POST /api/push/devices': { access: 'signedIn' },
  'DELETE /api/push/devices': { access: 'signedIn' },
  // Stripe calls it without an account: the Stripe-Signature over the raw body is the protection.
  'POST /api/webhooks/stripe': open,
} as const satisfies Record<string, RoutePolicy>;

/**
 * Every API route, keyed "METHOD /path" as the server registers it: the lines above and those the
 * domains with contracts of their own bring (domain-contract.ts). The server refuses to start with
 * an /api route missing here, and a test calls each one as every role.
 */
export const API_POLICIES = { ...OWN_POLICIES, ...broughtLines('apiPolicies') };

export type ApiRoute = keyof typeof API_POLICIES;

/** Whether a route changes state, so a cookie session may only reach it from our own pages. */
export function changesState(method: string, policy: RoutePolicy | undefined): boolean {
  return !['GET', 'HEAD', 'OPTIONS'].includes(method) || policy?.writes === true;
}

export function policyFor(method: string, url: string): RoutePolicy | undefined {
  const key = `${method === 'HEAD' ? 'GET' : method} ${url}`;
  return (API_POLICIES as Record<string, RoutePolicy>)[key];
}
