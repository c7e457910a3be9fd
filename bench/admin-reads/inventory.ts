import type { ApiRoute } from '@outpost/contracts/api';
import { LIVE_STATS_RANGES } from '@outpost/contracts/game-data';
import { SAVED_SEGMENTS } from '../segments/definitions';

/*
 * Every read the back office's screens make (apps/web/src/features/admin, calendar, experiments,
 * remote-config, segments, subscriptions), as the console sends it: its route as API_POLICIES keys it,
 * the query the screen puts on it and what it is. A list's first page is `page=1&pageSize=25`, its
 * default sort being the route's own (the first sortable key, as the console's). inventory.test.ts
 * fails when an admin GET route is missing here, so a new screen's read is one more line.
 */

/** The values a read's path and body name, found once the stores are seeded (suite.ts). */
export interface ReadFixtures {
  /** Path parameters by name (`:userID` …), `env` included. */
  params: Readonly<Record<string, string>>;
  /** The day the walk runs, as the console's date pickers give it ('2026-12-05'). */
  today: string;
  /** Some days before `today`, the same way. */
  daysAgo(days: number): string;
}

export interface AdminRead {
  route: ApiRoute;
  /** The query string (no '?'), as it is or from the fixtures. */
  query?: string | ((fixtures: ReadFixtures) => string);
  /** A POST read's JSON body. */
  body?: (fixtures: ReadFixtures) => unknown;
  what: string;
}

const FIRST_PAGE = 'page=1&pageSize=25';
/** What the pickers of a form load: every choice at once (the largest page). */
const CHOICES = (sort: string) => `page=1&pageSize=500&sort=${sort}&order=asc`;

export const ADMIN_READS: readonly AdminRead[] = [
  // The shell, the home page and the search every screen's header holds.
  { route: 'GET /api/admin/:env/access', what: "the signed-in admin's capabilities (every screen)" },
  { route: 'GET /api/admin/:env/dashboard', what: "the home page's figures and attention counts" },
  {
    route: 'POST /api/callable/development-admin-gatherRouterDashboardCallable',
    body: () => ({ data: null }),
    what: 'Game Status: the last 24 hours against the 24 before',
  },
  { route: 'GET /api/admin/:env/search', query: 'q=smith', what: 'the header search, a common last name' },
  { route: 'GET /api/admin/:env/search', query: 'q=%2312', what: 'the header search, a short number (#12)' },
  { route: 'GET /api/admin/:env/admin-log', query: FIRST_PAGE, what: 'the admin log, newest first' },
  { route: 'GET /api/admin/:env/jobs', query: FIRST_PAGE, what: "the jobs' runs" },
  {
    route: 'GET /api/admin/:env/calendar',
    query: (at) => `from=${at.daysAgo(35)}T00:00:00.000Z&to=${at.today}T00:00:00.000Z`,
    what: "the calendar's month",
  },
  // Moderation and the player page.
  { route: 'GET /api/admin/:env/reports', query: FIRST_PAGE, what: 'the unresolved reports' },
  { route: 'GET /api/admin/:env/reports', query: `${FIRST_PAGE}&show=all`, what: 'every report' },
  { route: 'GET /api/admin/:env/reports/trending', what: 'trending issues' },
  { route: 'GET /api/admin/:env/reports/:reportID', what: 'one report' },
  { route: 'GET /api/admin/:env/feedback', query: FIRST_PAGE, what: "the beta's feedback" },
  {
    route: 'POST /api/admin/:env/user-search',
    body: () => ({ query: 'smith' }),
    what: 'the user search, a last name hundreds share',
  },
  { route: 'GET /api/admin/:env/users/:userID', what: 'the player page: profile, keys, figures, suspensions' },
  { route: 'GET /api/admin/:env/users/:userID/record', what: "the player page: every domain's sections" },
  { route: 'GET /api/admin/:env/users/:userID/items', what: "the player page: the player's items" },
  { route: 'GET /api/admin/:env/users/:userID/store-purchases', what: 'the player page: store purchases' },
  { route: 'GET /api/admin/:env/users/:userID/subscriptions', what: 'the player page: subscriptions' },
  // Live stats and every range of their series.
  { route: 'GET /api/admin/:env/live-stats', what: 'live stats' },
  ...LIVE_STATS_RANGES.map(
    (range): AdminRead => ({
      route: 'GET /api/admin/:env/live-stats/series',
      query: `range=${range}`,
      what: `live stats' series, ${range}`,
    }),
  ),
  { route: 'GET /api/admin/:env/ingest-keys', what: "the game servers' keys" },
  // Money.
  {
    route: 'GET /api/admin/:env/revenue',
    query: (at) => `from=${at.daysAgo(29)}&to=${at.today}`,
    what: 'revenue, the last 30 days',
  },
  {
    route: 'GET /api/admin/:env/revenue',
    query: (at) => `from=${at.daysAgo(365)}&to=${at.today}`,
    what: 'revenue, a year',
  },
  { route: 'GET /api/admin/:env/subscribers', query: FIRST_PAGE, what: 'subscribers and their counts' },
  { route: 'GET /api/admin/:env/premium/plans', what: 'premium plans' },
  { route: 'GET /api/admin/:env/paypal-transactions', query: FIRST_PAGE, what: 'PayPal transactions' },
  // Segments, push, experiments, remote config.
  { route: 'GET /api/admin/:env/segments', query: FIRST_PAGE, what: 'segments' },
  { route: 'GET /api/admin/:env/segments/:segmentID', what: 'one segment' },
  { route: 'GET /api/admin/:env/segments/:segmentID/members', query: FIRST_PAGE, what: "a segment's members" },
  {
    route: 'POST /api/admin/:env/segments/size',
    body: () => ({ definition: SAVED_SEGMENTS[0]?.definition }),
    what: "a segment's size as the editor asks it",
  },
  { route: 'GET /api/admin/:env/push/messages', query: FIRST_PAGE, what: "push's history" },
  { route: 'GET /api/admin/:env/push/outbox', what: "push's outbox" },
  {
    route: 'POST /api/admin/:env/push/audience',
    body: () => ({ recipientCategory: 'everyone' }),
    what: 'push audience, everyone',
  },
  {
    route: 'POST /api/admin/:env/push/audience',
    body: (at) => ({ recipientCategory: 'active', activeDateTime: `${at.daysAgo(7)}T00:00:00.000Z` }),
    what: 'push audience, active this week',
  },
  {
    route: 'POST /api/admin/:env/push/audience',
    body: (at) => ({ recipientCategory: 'segment', segmentID: at.params.segmentID }),
    what: 'push audience, a segment',
  },
  { route: 'GET /api/admin/:env/experiments', what: 'experiments' },
  { route: 'GET /api/admin/:env/experiments/:experimentID', what: 'one experiment' },
  { route: 'GET /api/admin/:env/experiments/:experimentID/results', what: "a running experiment's results" },
  { route: 'GET /api/admin/:env/remote-config', what: "remote config's draft and published template" },
  { route: 'GET /api/admin/:env/remote-config/versions', query: FIRST_PAGE, what: "remote config's versions" },
  { route: 'GET /api/admin/:env/remote-config/versions/:version', what: 'one version of remote config' },
  // The catalogue: products, items, purchasables, the shop, codes, theater.
  { route: 'GET /api/admin/:env/products', query: FIRST_PAGE, what: 'products' },
  { route: 'GET /api/admin/:env/products', query: CHOICES('name'), what: "a merch drop's product choices" },
  { route: 'GET /api/admin/:env/products/:productID', what: 'one product' },
  { route: 'GET /api/admin/:env/items', query: FIRST_PAGE, what: 'items' },
  { route: 'GET /api/admin/:env/items', query: CHOICES('name'), what: "a form's item choices" },
  { route: 'GET /api/admin/:env/items/:itemID', what: 'one item' },
  { route: 'GET /api/admin/:env/purchasables', query: FIRST_PAGE, what: 'purchasables' },
  { route: 'GET /api/admin/:env/purchasables/:purchasableID', what: 'one purchasable' },
  { route: 'GET /api/admin/:env/credit-packs', query: FIRST_PAGE, what: 'credit packs' },
  { route: 'GET /api/admin/:env/credit-packs/:packID', what: 'one credit pack' },
  { route: 'GET /api/admin/:env/machines', query: FIRST_PAGE, what: 'machines' },
  { route: 'GET /api/admin/:env/machines', query: CHOICES('name'), what: "a drop's machine choices" },
  { route: 'GET /api/admin/:env/machines/:machineID', what: 'one machine' },
  { route: 'GET /api/admin/:env/drops', query: FIRST_PAGE, what: "the shop's drops" },
  { route: 'GET /api/admin/:env/config/container-spin', what: "the shop's opening" },
  { route: 'GET /api/admin/:env/claim-codes', query: FIRST_PAGE, what: 'redemption code batches' },
  { route: 'GET /api/admin/:env/claim-codes/:claimCodeID', what: 'one batch and its codes' },
  { route: 'GET /api/admin/:env/theater/episodes', query: FIRST_PAGE, what: 'episodes' },
  { route: 'GET /api/admin/:env/theater/episodes/:episodeID', what: 'one episode' },
  { route: 'GET /api/admin/:env/theater/videos', query: FIRST_PAGE, what: 'videos' },
  { route: 'GET /api/admin/:env/theater/videos', query: CHOICES('title'), what: "a collection's video choices" },
  { route: 'GET /api/admin/:env/theater/videos/:videoID', what: 'one video' },
  { route: 'GET /api/admin/:env/theater/collections', query: FIRST_PAGE, what: 'collections' },
  { route: 'GET /api/admin/:env/theater/collections/:collectionID', what: 'one collection' },
  // Merch.
  { route: 'GET /api/admin/:env/merch/orders', query: FIRST_PAGE, what: 'merch orders' },
  { route: 'GET /api/admin/:env/merch/orders/:orderID', what: 'one merch order' },
  { route: 'GET /api/admin/:env/merch/contacts', query: FIRST_PAGE, what: "merch's contact messages" },
  { route: 'GET /api/admin/:env/merch/drops', query: FIRST_PAGE, what: 'merch drops' },
  { route: 'GET /api/admin/:env/ecom-products', query: FIRST_PAGE, what: 'ecom products with stock and sales' },
  { route: 'GET /api/admin/:env/config/merch', what: "merch's settings" },
  // Rewards, beta, partners.
  { route: 'GET /api/admin/:env/rewards/everyone', query: FIRST_PAGE, what: 'rewards to everyone' },
  { route: 'GET /api/admin/:env/rewards/everyone/players', what: 'how many players a reward to everyone reaches' },
  { route: 'GET /api/admin/:env/beta-requests', query: FIRST_PAGE, what: 'beta requests' },
  { route: 'GET /api/admin/:env/invites', query: FIRST_PAGE, what: 'invites' },
  { route: 'GET /api/admin/:env/testing-objectives', query: FIRST_PAGE, what: 'testing objectives' },
  {
    route: 'GET /api/admin/:env/testing-objectives',
    query: CHOICES('createdAt'),
    what: "feedback's objective choices",
  },
  { route: 'GET /api/admin/:env/beta-config', what: 'beta settings' },
  { route: 'GET /api/admin/:env/partners', query: FIRST_PAGE, what: 'partners' },
  { route: 'GET /api/admin/:env/partner-invites', query: FIRST_PAGE, what: 'partner invites' },
  { route: 'GET /api/admin/:env/referral-rewards', query: FIRST_PAGE, what: 'referral rewards' },
  { route: 'GET /api/admin/:env/partners-config', what: 'partner settings' },
];

/** A read's name in figures: its method, path pattern and query as sent. */
export function readName(read: AdminRead): string {
  const query = typeof read.query === 'string' ? `?${read.query}` : read.query ? '?…' : '';
  return `${read.route}${query}`;
}
