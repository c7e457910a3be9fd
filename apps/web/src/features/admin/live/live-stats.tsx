import { adminMerchOrderPath, adminUserPath } from '@outpost/contracts/admin-routes';
import type { Environment } from '@outpost/contracts/environments';
import { ACTIVE_NOW_MINUTES, type LiveStats } from '@outpost/contracts/game-data';
import type { LiveTopicName } from '@outpost/contracts/live-topics';
import { MERCH_ORDER_STATUS_LABELS } from '@outpost/contracts/merch';
import { UNNAMED_PERSON } from '@outpost/contracts/people';
import { shortNumber } from '@outpost/contracts/short-numbers';
import { cellProps, DataTable } from '../../../components/admin-list/data-table';
import { LiveUpdates } from '../../../components/live-status/live-status';
import { dollarsText } from '../../../lib/commerce/order-text';
import { Link } from '../../../lib/router/router';
import { useAdminAccessContext } from '../admin-access-context';
import dashboardStyles from '../admin-dashboard.module.css';
import { AdminScreen } from '../components/admin-screen';
import adminStyles from '../components/admin-screen.module.css';
import { type FigureTile, FigureTiles } from '../components/figure-tiles';
import { formatInstant } from '../components/local-time';
import { ReadOnlyNotice } from '../components/read-only-notice';
import { useLiveStats } from './api';
import styles from './live.module.css';
import { LiveCharts } from './live-charts';
import { mapDataFields, reportAge } from './map-facts';

/** What the live stats follow: a change to any of them refetches the figures. */
const LIVE_STATS_TOPICS: readonly LiveTopicName[] = ['live-stats', 'user-presence', 'map-presence', 'accounts'];

/** The counted items and objectives of docs/product.md §9.2, in words. */
const ITEM_LABELS: Record<string, string> = { taco: 'Tacos claimed', 'boba-tea': 'Boba teas claimed' };
const OBJECTIVE_LABELS: Record<string, string> = { login: 'Logins', 'lobby-chat': 'Lobby chats' };

export const NO_MAP_DATA = 'No map data from the game yet.';

/** What active now counts, and how old its newest report is: the maps below are the same reports. */
function activeNowNote(stats: LiveStats): string {
  const counted = `Players on the maps below reported in the last ${ACTIVE_NOW_MINUTES} minutes`;
  return stats.activeNowAsOf
    ? `${counted}; the newest report came ${reportAge(stats.activeNowAsOf, stats.at)}.`
    : `${counted}: no map has reported in that time.`;
}

/** The figure tiles of one answer (undefined while the first loads). */
function liveTiles(stats: LiveStats | undefined, query: FigureTile['query']): FigureTile[] {
  const tile = (label: string, value: number | undefined, note?: FigureTile['note']): FigureTile => ({
    label,
    value,
    query,
    note,
  });
  const level = stats?.highestLevel;
  return [
    tile('Active now', stats?.activeNow, stats && activeNowNote(stats)),
    tile('Users', stats?.usersCount, 'Accounts; they are shared by every environment.'),
    tile(
      'Playtime (hours)',
      stats && Math.floor(stats.playtimeSeconds / 3600),
      'Every play session the game reported, summed.',
    ),
    tile(
      'Highest level',
      stats && (level?.level ?? 0),
      level ? (
        <>
          Reached by <Link to={adminUserPath(level.userID)}>{level.userID}</Link>.
        </>
      ) : (
        stats && 'No level reported yet.'
      ),
    ),
    ...(stats?.claimedItems ?? []).map((item) => tile(ITEM_LABELS[item.itemID] ?? item.itemID, item.count)),
    ...(stats?.objectives ?? []).map((objective) =>
      tile(OBJECTIVE_LABELS[objective.key] ?? objective.key, objective.count),
    ),
  ];
}

function RecentUsers({ users }: { users: LiveStats['recentUsers'] }) {
  if (users.length === 0) return <p className={adminStyles.note}>No accounts yet.</p>;
  return (
    <ol className={styles.recent} aria-label="Recent users">
      {users.map((user) => (
        <li key={user.userID}>
          <time dateTime={user.joinedAt}>{formatInstant(user.joinedAt)}</time>
          <Link to={adminUserPath(user.userID)}>{user.displayName ? `@${user.displayName}` : UNNAMED_PERSON}</Link>
        </li>
      ))}
    </ol>
  );
}

function RecentOrders({ orders, environment }: { orders: LiveStats['recentMerchOrders']; environment: Environment }) {
  if (orders.length === 0) return <p className={adminStyles.note}>No merch orders in {environment} yet.</p>;
  return (
    <ol className={styles.recent} aria-label="Recent merch orders">
      {orders.map((order) => (
        <li key={order.orderID}>
          <time dateTime={order.orderTime}>{formatInstant(order.orderTime)}</time>
          <Link to={adminMerchOrderPath(order.orderID)}>Order {shortNumber(order.orderNumber)}</Link>
          <span>{dollarsText(order.totalCents)}</span>
          <span>{MERCH_ORDER_STATUS_LABELS[order.status]}</span>
        </li>
      ))}
    </ol>
  );
}

/**
 * Presence per map (docs/product.md §7.10's map-presence with its map-data); a map without data says so
 * (docs/product.md §8.5).
 */
function Maps({ maps, at }: { maps: LiveStats['maps']; at: string }) {
  if (maps.length === 0) return <p className={adminStyles.note}>The game has reported no map presence yet.</p>;
  return (
    <DataTable label="Presence per map" hideCaption>
      <thead>
        <tr>
          <th scope="col">Map</th>
          <th scope="col" {...cellProps({ amount: true, nowrap: false })}>
            Active now
          </th>
          <th scope="col">Reported</th>
          <th scope="col">Map data</th>
        </tr>
      </thead>
      <tbody>
        {maps.map((map) => (
          <tr key={map.mapID}>
            <th scope="row" className={styles.mono}>
              {map.mapID}
            </th>
            <td {...cellProps({ label: 'Active now', amount: true })}>
              {map.current ? (
                map.activeNow.toLocaleString()
              ) : (
                <span className={styles.missing}>No report in the last {ACTIVE_NOW_MINUTES} minutes</span>
              )}
            </td>
            <td {...cellProps({ label: 'Reported' })}>
              <time dateTime={map.updatedAt}>{formatInstant(map.updatedAt)}</time>{' '}
              <span className={styles.age}>
                ({reportAge(map.updatedAt, at)}
                {map.current ? '' : `: ${map.activeNow.toLocaleString()} then`})
              </span>
            </td>
            <td {...cellProps({ label: 'Map data' })}>
              {map.data === null ? (
                <span className={styles.missing}>{NO_MAP_DATA}</span>
              ) : (
                <dl className={styles.data}>
                  {mapDataFields(map.data).map((field) => (
                    <div key={field.label}>
                      <dt>{field.label}</dt>
                      <dd>{field.value}</dd>
                    </div>
                  ))}
                </dl>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

/**
 * /admin/live: docs/product.md §9.2's live stats of the selected environment, exact, kept current by the live
 * stream (a game server's batch moves them without a reload) and asked again every 30 s, since
 * active now falls as time passes. Staff and admins (viewLiveStats); a moderator is told so.
 */
export default function LiveStatsScreen() {
  const { environment, capabilities } = useAdminAccessContext();
  const lead = `What is happening in the game in ${environment} now.`;
  if (!capabilities.viewLiveStats) {
    return (
      <AdminScreen id="live-stats-title" title="Live stats" lead={lead}>
        <ReadOnlyNotice>The live stats are read by staff and admins; your role cannot see them.</ReadOnlyNotice>
      </AdminScreen>
    );
  }
  return <LiveFigures environment={environment} lead={lead} />;
}

function LiveFigures({ environment, lead }: { environment: Environment; lead: string }) {
  const stats = useLiveStats(environment);
  const data = stats.data;
  return (
    <AdminScreen id="live-stats-title" title="Live stats" lead={lead}>
      <LiveUpdates topics={LIVE_STATS_TOPICS} environment={environment} />
      {data && (
        <p className={adminStyles.note}>
          As of <time dateTime={data.at}>{formatInstant(data.at)}</time>.
        </p>
      )}
      <section className={dashboardStyles.group} aria-labelledby="live-figures">
        <h2 id="live-figures">Figures</h2>
        <FigureTiles tiles={liveTiles(data, stats)} />
      </section>
      <section className={dashboardStyles.group} aria-labelledby="live-over-time">
        <h2 id="live-over-time">Over time</h2>
        <LiveCharts environment={environment} />
      </section>
      {data && (
        <>
          <section className={dashboardStyles.group} aria-labelledby="live-maps">
            <h2 id="live-maps">Maps</h2>
            <Maps maps={data.maps} at={data.at} />
          </section>
          <div className={styles.columns}>
            <section className={dashboardStyles.group} aria-labelledby="live-recent-users">
              <h2 id="live-recent-users">Recent users</h2>
              <RecentUsers users={data.recentUsers} />
            </section>
            <section className={dashboardStyles.group} aria-labelledby="live-recent-orders">
              <h2 id="live-recent-orders">Recent merch orders</h2>
              <RecentOrders orders={data.recentMerchOrders} environment={environment} />
            </section>
          </div>
        </>
      )}
    </AdminScreen>
  );
}
