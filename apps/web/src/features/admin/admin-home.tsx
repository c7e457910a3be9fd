import { ADMIN_ROUTES } from '@outpost/contracts/admin-routes';
import type { DashboardFigure, GatherDashboardResult } from '@outpost/contracts/backoffice';
import { ACTIVE_NOW_MINUTES } from '@outpost/contracts/game-data';
import { TRENDING_MIN_REPORTS, TRENDING_WINDOW_HOURS } from '@outpost/contracts/moderation';
import type { ReactNode } from 'react';
import { Link } from '../../lib/router/router';
import { useAdminAccessContext } from './admin-access-context';
import styles from './admin-dashboard.module.css';
import screenStyles from './admin-screens.module.css';
import { useGameStatus } from './api/gather-dashboard';
import { useModerationDashboard } from './api/get-dashboard';
import { type FigureTile, FigureTiles } from './components/figure-tiles';
import { logTabPath } from './log-tab';
import { RecentMerchOrders } from './merch/components/recent-orders';

type GameStatus = GatherDashboardResult['dashboardData'];

export const DATA_LAYER_ON = 'Data-layer admin view: on — unavailable machines and credit packs are visible.';
export const DATA_LAYER_OFF = 'Data-layer admin view: off — only available machines and credit packs are shown.';

/**
 * The 'Moderation & Reports' tiles (docs/product.md §2.9), in order, with what a figure counts when its
 * label alone does not say.
 */
const MODERATION_TILES: readonly { figure: DashboardFigure; label: string; counts?: string }[] = [
  {
    figure: 'unresolvedReports',
    label: 'Unresolved Reports',
    counts: 'Reports from players and the game that no moderator has resolved.',
  },
  {
    figure: 'trendingIssues',
    label: 'Trending Issues',
    counts: `Targets with ${TRENDING_MIN_REPORTS} or more unresolved reports of one kind in the last ${TRENDING_WINDOW_HOURS} hours.`,
  },
  {
    figure: 'suspendedPlayers',
    label: 'Suspended Players',
    counts: 'Accounts suspended right now; accounts are shared by every environment.',
  },
  { figure: 'liveProducts', label: 'Live Products' },
  {
    figure: 'recentSales',
    label: 'Recent Sales (7d)',
    counts: 'Merch orders paid in the last 7 days; fully refunded ones are left out.',
  },
];

const GAME_STATUS_TILES: readonly { figure: keyof GameStatus; label: string; counts?: string }[] = [
  {
    figure: 'activePlayers',
    label: 'Active Users',
    counts: `Players the game saw in the last ${ACTIVE_NOW_MINUTES} minutes in this environment.`,
  },
  { figure: 'creditPurchasesCount', label: 'Credit IAPs (24hrs)' },
  { figure: 'subscriptionPurchasesCount', label: 'Sub IAPs (24hrs)' },
];

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
  const moderationTiles = MODERATION_TILES.map(({ figure, label, counts }): FigureTile => {
    const value = moderation.data?.figures[figure];
    return { label, value, query: moderation, note: value !== undefined && counts };
  });
  const gameStatusTiles = GAME_STATUS_TILES.map(({ figure, label, counts }): FigureTile => {
    const value = gameStatus.data?.[figure];
    return { label, value, query: gameStatus, note: value !== undefined && counts };
  });

  return (
    <section className={`page ${screenStyles.screen}`} aria-labelledby="admin-home-title">
      <h1 id="admin-home-title">Dashboard</h1>
      {access.displayName && <p className={screenStyles.lead}>Signed in as @{access.displayName}.</p>}
      <p className={screenStyles.lead}>Figures of {environment}.</p>

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
