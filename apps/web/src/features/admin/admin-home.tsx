import type { DashboardFigure } from '@outpost/contracts/backoffice';
import { TRENDING_MIN_REPORTS, TRENDING_WINDOW_HOURS } from '@outpost/contracts/moderation';
import { ROUTES } from '@outpost/contracts/routes';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from '../../lib/router/router';
import { useAdminAccessContext } from './admin-access-context';
import styles from './admin-dashboard.module.css';
import screenStyles from './admin-screens.module.css';
import { useGameStatus } from './api/gather-dashboard';
import { useModerationDashboard } from './api/get-dashboard';
import { RecentMerchOrders } from './merch/components/recent-orders';

export const DATA_LAYER_ON = 'Data-layer admin view: on — unavailable machines and credit packs are visible.';
export const DATA_LAYER_OFF = 'Data-layer admin view: off — only available machines and credit packs are shown.';
export const FIGURES_UNAVAILABLE = 'These figures could not be loaded.';

/**
 * Spec §2's 'Moderation & Reports' tiles, in order: the part of Outpost that brings a figure not
 * there yet, or what a figure counts when its label alone does not say.
 */
const MODERATION_TILES: readonly { figure: DashboardFigure; label: string; comesWith?: string; counts?: string }[] = [
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
  { figure: 'liveProducts', label: 'Live Products', comesWith: 'the products' },
  {
    figure: 'recentSales',
    label: 'Recent Sales (7d)',
    counts: 'Merch orders paid in the last 7 days; fully refunded ones are left out.',
  },
];

const GAME_STATUS_TILES = [
  { figure: 'activePlayers', label: 'Active Users' },
  { figure: 'creditPurchasesCount', label: 'Credit IAPs (24hrs)' },
  { figure: 'subscriptionPurchasesCount', label: 'Sub IAPs (24hrs)' },
] as const;

interface Tile {
  label: string;
  /** undefined while loading; null when the part that brings it does not exist yet. */
  value: number | null | undefined;
  comesWith?: string | undefined;
  /** What the figure counts, shown under it. */
  counts?: string | undefined;
}

function TileValue({ tile }: { tile: Tile }) {
  if (tile.value === undefined) {
    return (
      <>
        <span aria-hidden="true">…</span>
        <span className="visually-hidden">Loading</span>
      </>
    );
  }
  if (tile.value === null) {
    return (
      <>
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">Not available yet</span>
      </>
    );
  }
  return tile.value.toLocaleString();
}

/** A group of figures as a description list: each tile's label is its term, its figure the definition. */
function FigureTiles({
  title,
  id,
  tiles,
  query,
  children,
}: {
  title: string;
  id: string;
  tiles: readonly Tile[];
  query: Pick<UseQueryResult, 'data' | 'isError' | 'isFetching' | 'error' | 'refetch'>;
  children?: ReactNode;
}) {
  return (
    <section className={styles.group} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {query.isError && (
        <div className={styles.problem} role="alert">
          <p>
            {FIGURES_UNAVAILABLE} {query.error?.message}
          </p>
          <button
            type="button"
            className="button"
            aria-disabled={query.isFetching}
            onClick={() => {
              if (!query.isFetching) void query.refetch();
            }}
          >
            Try again
          </button>
        </div>
      )}
      {/* A failed first load shows the message alone: no tile pretends to be loading or empty. */}
      {!(query.isError && query.data === undefined) && (
        <dl className={styles.tiles} aria-busy={query.isFetching}>
          {tiles.map((tile) => (
            <div key={tile.label} className={styles.tile}>
              <dt className={styles.label}>{tile.label}</dt>
              <dd className={styles.figure}>
                <TileValue tile={tile} />
              </dd>
              {tile.value === null && tile.comesWith && <dd className={styles.note}>Comes with {tile.comesWith}.</dd>}
              {typeof tile.value === 'number' && tile.counts && <dd className={styles.note}>{tile.counts}</dd>}
            </div>
          ))}
        </dl>
      )}
      {children}
    </section>
  );
}

/**
 * The admin index: the 'Moderation & Reports' tiles and 'Game Status' (spec §2) of the
 * environment the server confirmed, the recent merch orders (spec §9) for those who handle them,
 * then the viewer's access as the server states it. A figure whose data does not exist yet shows
 * '—' and names the part of Outpost that brings it.
 */
export default function AdminHome() {
  const access = useAdminAccessContext();
  const { environment } = access;
  const moderation = useModerationDashboard(environment);
  const gameStatus = useGameStatus(environment);
  const moderationTiles: Tile[] = MODERATION_TILES.map(({ figure, label, comesWith, counts }) => ({
    label,
    value: moderation.data?.figures[figure],
    comesWith,
    counts,
  }));
  const gameStatusTiles: Tile[] = GAME_STATUS_TILES.map(({ figure, label }) => ({
    label,
    value: gameStatus.data?.[figure],
  }));

  return (
    <section className={`page ${screenStyles.screen}`} aria-labelledby="admin-home-title">
      <h1 id="admin-home-title">Dashboard</h1>
      {access.displayName && <p className={screenStyles.lead}>Signed in as @{access.displayName}.</p>}
      <p className={screenStyles.lead}>Figures of {environment}.</p>

      <FigureTiles
        title="Moderation & Reports"
        id="admin-moderation-figures"
        tiles={moderationTiles}
        query={moderation}
      >
        <p className={styles.more}>
          <Link to={ROUTES.adminProducts}>Digital Doubles</Link>: the product list.
        </p>
        <p className={styles.more}>
          <Link to={ROUTES.adminReports}>Reports</Link>: read and resolve what players and the game reported.
        </p>
      </FigureTiles>

      <FigureTiles title="Game Status" id="admin-game-status" tiles={gameStatusTiles} query={gameStatus} />

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
        <Link to={ROUTES.adminLog}>Admin Log</Link>: every change made in this environment.
      </p>
    </section>
  );
}
