import { ADMIN_ROUTES } from '@outpost/contracts/admin-routes';
import {
  DASHBOARD_COMPARED_FIGURES,
  DASHBOARD_PERIOD_DAYS,
  type DashboardComparedFigure,
  type DashboardFigure,
  GAME_STATUS_PERIOD_HOURS,
  type GameStatusFigure,
  type ModerationDashboard,
} from '@outpost/contracts/backoffice';
import { ACTIVE_NOW_MINUTES } from '@outpost/contracts/game-data';
import { TRENDING_MIN_REPORTS, TRENDING_WINDOW_HOURS } from '@outpost/contracts/moderation';
import type { AdminAccess } from '@outpost/contracts/permissions';
import { MONEY_PATHS } from '@outpost/contracts/subscriptions/paths';
import type { ReactNode } from 'react';
import { Link } from '../../lib/router/router';
import { useAdminAccessContext } from './admin-access-context';
import styles from './admin-dashboard.module.css';
import screenStyles from './admin-screens.module.css';
import { useGameStatus } from './api/gather-dashboard';
import { useModerationDashboard } from './api/get-dashboard';
import { changeText, type FigureQuery, type FigureTile, FigureTiles } from './components/figure-tiles';
import { logTabPath } from './log-tab';
import { RecentMerchOrders } from './merch/components/recent-orders';

type AdminCapabilities = AdminAccess['capabilities'];

export const DATA_LAYER_ON =
  'Hidden shop items: shown to you — machines and credit packs that are not available are listed too.';
export const DATA_LAYER_OFF =
  'Hidden shop items: not shown to you — only available machines and credit packs are listed.';

/**
 * The 'Moderation & Reports' tiles (docs/product.md §2.9), in order, with what a figure counts when its
 * label alone does not say.
 */
interface TileSpec<Figure> {
  figure: Figure;
  label: string;
  /** What the figure counts, when its label alone does not say. */
  counts?: string;
  /** The list it counts, filtered to it, where the tile's label leads. */
  href: string;
}

/** The change's words: a state against itself a period ago, a window against the window before. */
const AGAINST: Record<DashboardComparedFigure | GameStatusFigure, string> = {
  unresolvedReports: `${DASHBOARD_PERIOD_DAYS} days ago`,
  trendingIssues: `${DASHBOARD_PERIOD_DAYS} days ago`,
  suspendedPlayers: `${DASHBOARD_PERIOD_DAYS} days ago`,
  recentSales: `the ${DASHBOARD_PERIOD_DAYS} days before`,
  activePlayers: `${GAME_STATUS_PERIOD_HOURS} hours ago`,
  creditPurchasesCount: `the ${GAME_STATUS_PERIOD_HOURS} hours before`,
  subscriptionPurchasesCount: `the ${GAME_STATUS_PERIOD_HOURS} hours before`,
};

/**
 * A tile from its spec and answer: the figure, its change when it has a past (`before`), and what it counts once
 * it is known.
 */
function figureTile<Figure>(
  { label, counts, href }: TileSpec<Figure>,
  query: FigureQuery,
  value: number | undefined,
  before: number | undefined,
  against: string | undefined,
): FigureTile {
  const change =
    value !== undefined && before !== undefined && against !== undefined
      ? changeText(value, before, against)
      : undefined;
  return { label, value, query, note: value !== undefined && counts, change, href };
}

const MODERATION_TILES: readonly TileSpec<DashboardFigure>[] = [
  {
    figure: 'unresolvedReports',
    label: 'Unresolved Reports',
    counts: 'Reports from players and the game that no moderator has resolved.',
    href: ADMIN_ROUTES.adminReports,
  },
  {
    figure: 'trendingIssues',
    label: 'Trending Issues',
    counts: `Targets with ${TRENDING_MIN_REPORTS} or more unresolved reports of one kind in the last ${TRENDING_WINDOW_HOURS} hours.`,
    href: ADMIN_ROUTES.adminReports,
  },
  {
    figure: 'suspendedPlayers',
    label: 'Suspended Players',
    counts: 'Accounts suspended right now; accounts are shared by every environment.',
    href: ADMIN_ROUTES.adminUsers,
  },
  { figure: 'liveProducts', label: 'Live Products', href: ADMIN_ROUTES.adminProducts },
  {
    figure: 'recentSales',
    label: 'Recent Sales (7d)',
    counts: 'Merch orders paid in the last 7 days; fully refunded ones are left out.',
    href: `${ADMIN_ROUTES.adminMerchOrders}?sort=orderTime&order=desc`,
  },
];

const GAME_STATUS_TILES: readonly TileSpec<GameStatusFigure>[] = [
  {
    figure: 'activePlayers',
    label: 'Active Users',
    counts: `Players on the game’s maps in the last ${ACTIVE_NOW_MINUTES} minutes: the live stats’ Active now.`,
    href: ADMIN_ROUTES.adminLive,
  },
  {
    figure: 'creditPurchasesCount',
    label: 'Credit IAPs (24hrs)',
    counts: 'Credit packs bought in the last 24 hours, on the web and in the app stores.',
    href: ADMIN_ROUTES.adminShopPayPalTransactions,
  },
  {
    figure: 'subscriptionPurchasesCount',
    label: 'Sub IAPs (24hrs)',
    counts: 'Premium subscription periods paid in the last 24 hours, new and renewed, on every channel.',
    href: MONEY_PATHS.revenue,
  },
];

/** One line of "Needs attention": how many, in words, and the list that shows them. */
interface AttentionLine {
  count: number;
  one: string;
  many: string;
  href: string;
}

/** What needs someone's attention and the viewer can act on, each linking to its filtered list; nothing at 0. */
function attentionLines(dashboard: ModerationDashboard, can: AdminCapabilities): AttentionLine[] {
  const { attention, figures } = dashboard;
  const lines: (AttentionLine | false)[] = [
    {
      count: figures.unresolvedReports,
      one: 'unresolved report',
      many: 'unresolved reports',
      href: ADMIN_ROUTES.adminReports,
    },
    can.viewJobs && {
      count: attention.failedJobs,
      one: 'background job run failed this week',
      many: 'background job runs failed this week',
      href: `${logTabPath('jobs')}&status=failed`,
    },
    can.sendPush && {
      count: attention.failedPushes,
      one: 'push notification failed',
      many: 'push notifications failed',
      href: `${ADMIN_ROUTES.adminPush}?state=failed`,
    },
    can.manageShop && {
      count: attention.ordersToPack,
      one: 'merch order paid, to pack',
      many: 'merch orders paid, to pack',
      href: `${ADMIN_ROUTES.adminMerchOrders}?status=paid`,
    },
    can.manageShop && {
      count: attention.ordersToShip,
      one: 'merch order packed, to ship',
      many: 'merch orders packed, to ship',
      href: `${ADMIN_ROUTES.adminMerchOrders}?status=packed`,
    },
    can.manageIngestKeys && {
      count: attention.unusedIngestKeys,
      one: 'game server key made and never used',
      many: 'game server keys made and never used',
      href: ADMIN_ROUTES.adminIngestKeys,
    },
  ];
  return lines.filter((line): line is AttentionLine => line !== false && line.count > 0);
}

/** The "Needs attention" list: each piece of waiting work with the list to do it in. */
function NeedsAttention({ dashboard, can }: { dashboard: ModerationDashboard | undefined; can: AdminCapabilities }) {
  if (!dashboard) return null;
  const lines = attentionLines(dashboard, can);
  return (
    <section className={styles.group} aria-labelledby="admin-attention">
      <h2 id="admin-attention">Needs attention</h2>
      {lines.length === 0 ? (
        <p>Nothing needs attention right now.</p>
      ) : (
        <ul className={styles.attention}>
          {lines.map((line) => (
            <li key={line.href + line.one}>
              <Link to={line.href}>
                <strong>{line.count.toLocaleString('en-US')}</strong> {line.count === 1 ? line.one : line.many}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A group of the dashboard's figures under its heading, with what the screen adds below them. */
function FigureGroup({
  title,
  id,
  tiles,
  children,
}: {
  title: string;
  id: string;
  tiles: readonly FigureTile[];
  children?: ReactNode;
}) {
  return (
    <section className={styles.group} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <FigureTiles tiles={tiles} />
      {children}
    </section>
  );
}

/**
 * The admin index: the 'Moderation & Reports' tiles and 'Game Status' (docs/product.md §2.9) of the
 * environment the server confirmed, the recent merch orders (docs/product.md §9.2) for those who handle them,
 * then the viewer's access as the server states it.
 */
export default function AdminHome() {
  const access = useAdminAccessContext();
  const { environment } = access;
  const moderation = useModerationDashboard(environment);
  const gameStatus = useGameStatus(environment);
  const moderationTiles = MODERATION_TILES.map((spec) => {
    // Live Products has no past kept (a product's status has no history), so no change.
    const compared = DASHBOARD_COMPARED_FIGURES.find((name) => name === spec.figure);
    const before = compared && moderation.data?.previous[compared];
    const value = moderation.data?.figures[spec.figure];
    return figureTile(spec, moderation, value, before, compared && AGAINST[compared]);
  });
  const gameStatusTiles = GAME_STATUS_TILES.map((spec) =>
    figureTile(
      spec,
      gameStatus,
      gameStatus.data?.dashboardData[spec.figure],
      gameStatus.data?.previous[spec.figure],
      AGAINST[spec.figure],
    ),
  );

  return (
    <section className={`page ${screenStyles.screen}`} aria-labelledby="admin-home-title">
      <h1 id="admin-home-title">Dashboard</h1>
      {access.displayName && <p className={screenStyles.lead}>Signed in as @{access.displayName}.</p>}
      <p className={screenStyles.lead}>Figures of {environment}.</p>

      <NeedsAttention dashboard={moderation.data} can={access.capabilities} />

      <FigureGroup title="Moderation & Reports" id="admin-moderation-figures" tiles={moderationTiles}>
        <p className={styles.more}>
          <Link to={ADMIN_ROUTES.adminProducts}>Digital Doubles</Link>: the product list.
        </p>
        <p className={styles.more}>
          <Link to={ADMIN_ROUTES.adminReports}>Reports</Link>: read and resolve what players and the game reported.
        </p>
      </FigureGroup>

      <FigureGroup title="Game Status" id="admin-game-status" tiles={gameStatusTiles}>
        {access.capabilities.viewLiveStats && (
          <p className={styles.more}>
            <Link to={ADMIN_ROUTES.adminLive}>Live stats</Link>: players, playtime, items, objectives and maps, as the
            game reports them.
          </p>
        )}
        {access.capabilities.sendPush && (
          <p className={styles.more}>
            <Link to={ADMIN_ROUTES.adminPush}>Push notifications</Link>: send or schedule a message to players’ phones.
          </p>
        )}
        {access.capabilities.manageIngestKeys && (
          <p className={styles.more}>
            <Link to={ADMIN_ROUTES.adminIngestKeys}>Game server keys</Link>: the keys the game’s servers report with.
          </p>
        )}
      </FigureGroup>

      {access.capabilities.manageShop && (
        <section className={styles.group} aria-labelledby="admin-recent-merch-orders">
          <h2 id="admin-recent-merch-orders">Recent merch orders</h2>
          <RecentMerchOrders environment={environment} />
        </section>
      )}

      <h2>Your access</h2>
      <ul className={screenStyles.facts}>
        <li>Environment: {environment}</li>
        <li>{access.capabilities.dataLayerAdmin ? DATA_LAYER_ON : DATA_LAYER_OFF}</li>
      </ul>
      <p>
        <Link to={ADMIN_ROUTES.adminLog}>Admin Log</Link>: every change made in this environment.
      </p>
      {access.capabilities.viewJobs && (
        <p>
          <Link to={logTabPath('jobs')}>Background jobs</Link>: what the job runner ran, what waits, and why a run
          failed or was retried.
        </p>
      )}
    </section>
  );
}
