import { RECENT_USERS_LIMIT } from '@outpost/contracts/game-data';
import type { Kysely } from 'kysely';
import type { GameDatabase, IdentityDatabase } from '../database';
import { accountsChangeSource, countAccounts, listRecentAccounts } from '../identity/index';
import type { Audience } from '../platform/live/hub';
import { backOfficeListTopic, type LiveTopic } from '../platform/live/routes';
import { countPlayersSeen, type LiveStatsLogger, readLiveStats, readMaps } from './live-stats';

/*
 * The live stats' topics (the user-presence and map-presence listeners of docs/product.md §7.10, and the
 * figures of §9.2), for the back office's holders of viewLiveStats. The aggregates' rows are one record,
 * `figures`, and the players' presence one, `players` (how many are active now, and the latest
 * sighting): their change sources record that one key, so a batch that moves hundreds of rows is
 * one change and one load. A map's presence is a record of its own.
 */

export interface GameDataLiveScope {
  game: Kysely<GameDatabase>;
  identity: Kysely<IdentityDatabase>;
  log: LiveStatsLogger;
}

/** Everyone who may follow these topics sees the same records. */
const STAFF: Audience = { id: 'live-stats' };
const staff = () => STAFF;
const FIGURES = 'figures';
const PLAYERS = 'players';

export const GAME_DATA_LIVE_TOPICS: readonly LiveTopic<GameDataLiveScope>[] = [
  {
    name: 'live-stats',
    access: 'viewLiveStats',
    side: 'game',
    sources: [
      { topic: 'live-stats', table: 'game_totals', key: 'name', as: FIGURES },
      { topic: 'live-stats', table: 'objective_counts', key: 'key', as: FIGURES },
      { topic: 'live-stats', table: 'claimed_item_counts', key: 'item_id', as: FIGURES },
      { topic: 'live-stats', table: 'levels', key: 'user_id', as: FIGURES },
      { topic: 'live-stats', table: 'merch_orders', key: 'order_id', as: FIGURES },
    ],
    audience: staff,
    load: (_key, _audience, { game, identity, log }) => readLiveStats({ game, identity }, log),
  },
  {
    name: 'user-presence',
    access: 'viewLiveStats',
    side: 'game',
    sources: [{ topic: 'user-presence', table: 'user_presence', key: 'user_id', as: PLAYERS }],
    audience: staff,
    load: async (_key, _audience, { game }) => {
      const [activeNow, latest] = await Promise.all([
        countPlayersSeen(game),
        game
          .selectFrom('user_presence')
          .select((eb) => eb.fn.max('last_seen').as('lastSeen'))
          .executeTakeFirst(),
      ]);
      return { activeNow, lastSeen: latest?.lastSeen ?? null };
    },
  },
  {
    name: 'map-presence',
    access: 'viewLiveStats',
    side: 'game',
    sources: [
      { topic: 'map-presence', table: 'map_presence', key: 'map_id' },
      { topic: 'map-presence', table: 'map_data', key: 'map_id' },
    ],
    audience: staff,
    load: async (key, _audience, { game, log }) => (await readMaps(game, log, new Date(), key))[0] ?? null,
  },
  {
    name: 'accounts',
    access: 'viewLiveStats',
    side: 'identity',
    sources: [accountsChangeSource('accounts', FIGURES)],
    audience: staff,
    load: async (_key, _audience, { identity }) => {
      const [usersCount, recentUsers] = await Promise.all([
        countAccounts(identity),
        listRecentAccounts(identity, RECENT_USERS_LIMIT),
      ]);
      return { usersCount, recentUsers };
    },
  },
  // The game servers' keys: made, revoked, and used (last used moves once a minute at most).
  backOfficeListTopic({
    name: 'ingest-keys',
    access: 'manageIngestKeys',
    side: 'game',
    sources: [{ topic: 'ingest-keys', table: 'ingest_keys', key: 'key_id' }],
  }),
];
