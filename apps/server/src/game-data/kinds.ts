import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { GameDatabase } from '../database';
import type { AnyGameEventKind, GameEventKind } from '../domain';
import { findMissingItems } from '../items/index';
import { grantAllItems } from '../ledger/index';
import { selectRows } from '../platform/db/bulk-rows';
import { isPostgres } from '../platform/db/dialect';

/*
 * The kinds of event the game data stores itself (docs/product.md §3.16's game records). Each stores a batch's
 * events in a statement per table, and moves its aggregates by the batch's sum: a total or count is
 * `value + what this batch adds`, and a latest value (a level, a last seen, a map's count) moves only
 * forward, so batches stored in any order, concurrently too, leave the same figures.
 */

/** The name of the running total of every play session's seconds (game_totals). */
export const PLAYTIME_TOTAL = 'playtime_seconds';

// Events' times come in UTC ISO 8601 (ingestBatch reads them so): a day or an hour is their start.
const dayOf = (at: string) => at.slice(0, 10);
const hourOf = (at: string) => at.slice(0, 13);

/*
 * Every upsert writes its rows in key order: two batches touching the same rows then lock them in
 * the same order, where any other order can deadlock on PostgreSQL (two overlapping batches did).
 */
const inKeyOrder = <Value>(entries: Iterable<readonly [string, Value]>) =>
  [...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

/** Sums `amount` per key, in key order. */
function sums<Entry>(entries: readonly Entry[], keyOf: (entry: Entry) => string, amount: (entry: Entry) => number) {
  const totals = new Map<string, number>();
  for (const entry of entries) totals.set(keyOf(entry), (totals.get(keyOf(entry)) ?? 0) + amount(entry));
  return new Map(inKeyOrder(totals));
}

/**
 * The entry with the latest (greatest) `rank` per key, in key order: an upsert may not move a row
 * twice in one statement.
 */
function latest<Entry>(
  entries: readonly Entry[],
  keyOf: (entry: Entry) => string,
  rank: (entry: Entry) => string | number,
) {
  const best = new Map<string, Entry>();
  for (const entry of entries) {
    const held = best.get(keyOf(entry));
    if (!held || rank(entry) > rank(held)) best.set(keyOf(entry), entry);
  }
  return inKeyOrder(best).map(([, entry]) => entry);
}

/** The counter tables ingestion keeps, each a key column and the amount it holds. */
const COUNTERS = {
  playtime_days: ['day', 'seconds'],
  playtime_hours: ['hour', 'seconds'],
  game_totals: ['name', 'value'],
  objective_counts: ['key', 'count'],
  active_hours: ['hour', 'players'],
  active_days: ['day', 'players'],
} as const satisfies Partial<Record<keyof GameDatabase, readonly [string, string]>>;

/** The upsert adding `counts` (rows of a key and an amount, in key order) to a counter table, creating the rows it lacks. */
function addCounts(table: keyof typeof COUNTERS, counts: RawBuilder<unknown>) {
  const [key, amount] = COUNTERS[table];
  return sql`insert into ${sql.table(table)} (${sql.ref(key)}, ${sql.ref(amount)}) ${counts}
    on conflict (${sql.ref(key)}) do update set ${sql.ref(amount)} = ${sql.ref(`${table}.${amount}`)} + excluded.${sql.ref(amount)}`;
}

/**
 * Adds each key's amount to counter tables (`table.column` += amount). On PostgreSQL the upserts are one
 * statement (data-modifying WITH, one round trip instead of one each); SQLite, in the process, runs them one by
 * one. The WITH's main query reads none of them, so they run in one order whichever tables a batch moves.
 */
async function addTo(
  trx: Kysely<GameDatabase>,
  moves: readonly (readonly [keyof typeof COUNTERS, ReadonlyMap<string, number>])[],
): Promise<void> {
  const upserts = moves
    .filter(([, totals]) => totals.size > 0)
    .map(([table, totals]) =>
      addCounts(
        table,
        selectRows(
          trx,
          { key: 'text', amount: 'bigint' },
          [...totals].map(([name, value]) => ({ key: name, amount: value })),
        ),
      ),
    );
  if (isPostgres(trx) && upserts.length > 1) {
    const moved = upserts.map((upsert, index) => sql`${sql.id(`moved_${index}`)} as (${upsert})`);
    await sql`with ${sql.join(moved)} select 1`.execute(trx);
    return;
  }
  for (const upsert of upserts) await upsert.execute(trx);
}

const playtime: GameEventKind<'playtime'> = {
  type: 'playtime',
  async store(trx, events) {
    await trx
      .insertInto('user_playtime')
      .columns(['event_id', 'user_id', 'seconds', 'played_at'])
      .expression(
        selectRows(
          trx,
          { event_id: 'text', user_id: 'text', seconds: 'integer', played_at: 'text' },
          events.map(({ event }) => ({
            event_id: event.id,
            user_id: event.userID,
            seconds: event.seconds,
            played_at: event.at,
          })),
        ),
      )
      .execute();
    const seconds = ({ event }: (typeof events)[number]) => event.seconds;
    await addTo(trx, [
      ['playtime_days', sums(events, ({ event }) => dayOf(event.at), seconds)],
      ['playtime_hours', sums(events, ({ event }) => hourOf(event.at), seconds)],
      ['game_totals', new Map([[PLAYTIME_TOTAL, events.reduce((sum, event) => sum + seconds(event), 0)]])],
    ]);
  },
};

const level: GameEventKind<'level'> = {
  type: 'level',
  async store(trx, events) {
    const highest = latest(
      events,
      ({ event }) => event.userID,
      ({ event }) => event.level,
    );
    await trx
      .insertInto('levels')
      .columns(['user_id', 'level', 'reached_at'])
      .expression(
        selectRows(
          trx,
          { user_id: 'text', level: 'integer', reached_at: 'text' },
          highest.map(({ event }) => ({ user_id: event.userID, level: event.level, reached_at: event.at })),
        ),
      )
      .onConflict((conflict) =>
        conflict
          .column('user_id')
          .doUpdateSet((eb) => ({ level: eb.ref('excluded.level'), reached_at: eb.ref('excluded.reached_at') }))
          .where((eb) => eb('excluded.level', '>', eb.ref('levels.level'))),
      )
      .execute();
  },
};

const itemClaimed: GameEventKind<'item-claimed'> = {
  type: 'item-claimed',
  async refuse(db, events) {
    const missing = new Set(await findMissingItems(db, [...new Set(events.map(({ event }) => event.itemID))]));
    return new Map(
      events
        .filter(({ event }) => missing.has(event.itemID))
        .map(({ index, event }) => [index, `There is no item ${event.itemID} in items-master.`] as const),
    );
  },
  store: (trx, events) =>
    grantAllItems(
      trx,
      events.map(({ event }) => ({
        userId: event.userID,
        itemIDs: Array<string>(event.quantity).fill(event.itemID),
        source: 'game',
        reference: `game:${event.id}`,
        now: new Date(event.at),
      })),
    ),
};

const objective: GameEventKind<'objective'> = {
  type: 'objective',
  async store(trx, events) {
    await trx
      .insertInto('objective_tracking')
      .columns(['event_id', 'user_id', 'key', 'tracked_at'])
      .expression(
        selectRows(
          trx,
          { event_id: 'text', user_id: 'text', key: 'text', tracked_at: 'text' },
          events.map(({ event }) => ({
            event_id: event.id,
            user_id: event.userID,
            key: event.key,
            tracked_at: event.at,
          })),
        ),
      )
      .execute();
    await addTo(trx, [
      [
        'objective_counts',
        sums(
          events,
          ({ event }) => event.key,
          () => 1,
        ),
      ],
    ]);
  },
};

const presence: GameEventKind<'presence'> = {
  type: 'presence',
  async store(trx, events) {
    const seen = latest(
      events,
      ({ event }) => event.userID,
      ({ event }) => event.at,
    );
    await trx
      .insertInto('user_presence')
      .columns(['user_id', 'last_seen'])
      .expression(
        selectRows(
          trx,
          { user_id: 'text', last_seen: 'text' },
          seen.map(({ event }) => ({ user_id: event.userID, last_seen: event.at })),
        ),
      )
      .onConflict((conflict) =>
        conflict
          .column('user_id')
          .doUpdateSet((eb) => ({ last_seen: eb.ref('excluded.last_seen') }))
          .where((eb) => eb('excluded.last_seen', '>', eb.ref('user_presence.last_seen'))),
      )
      .execute();
    await countSightings(
      trx,
      events.map(({ event }) => ({ at: hourOf(event.at), user_id: event.userID })),
    );
  },
};

/** A player seen in an hour or on a day (`at`). A type, not an interface: bulk rows are records. */
type Sighting = { at: string; user_id: string };

/** Sightings as bulk rows, once each, in key order. */
const sightingRows = (trx: Kysely<GameDatabase>, sightings: readonly Sighting[]) =>
  selectRows(
    trx,
    { at: 'text', user_id: 'text' },
    inKeyOrder(new Map(sightings.map((row) => [`${row.at}|${row.user_id}`, row]))).map(([, row]) => row),
  );

/**
 * Stores the players seen each hour (`hours`), and counts a genuinely new (hour, player) and, among those, a
 * new (day, player): the inserts answer only the rows they inserted (RETURNING answers the rows inserted, not
 * the ones the conflict skipped), and a concurrent batch holding the same row makes this one wait for its commit
 * and then skip it, so each is counted once. On PostgreSQL the four writes are one statement (data-modifying
 * WITH): the new rows never travel to the app and back, and the batch saves three round trips
 * (docs/decisions/0142-live-stats-series-from-counters.md); SQLite, in the process, runs them one by one.
 */
async function countSightings(trx: Kysely<GameDatabase>, hours: readonly Sighting[]): Promise<void> {
  if (hours.length === 0) return;
  if (isPostgres(trx)) {
    await sql`with new_hours as (
        insert into presence_hours (hour, user_id) ${sightingRows(trx, hours)}
        on conflict (hour, user_id) do nothing returning hour, user_id
      ), new_days as (
        insert into presence_days (day, user_id) select distinct substr(hour, 1, 10), user_id from new_hours order by 1, 2
        on conflict (day, user_id) do nothing returning day
      ), counted_hours as (
        ${addCounts('active_hours', sql`select hour, count(*) from new_hours group by hour order by hour`)}
      )
      ${addCounts('active_days', sql`select day, count(*) from new_days group by day order by day`)}`.execute(trx);
    return;
  }
  const newHours = await insertNew(trx, 'presence_hours', 'hour', hours);
  const newDays = await insertNew(
    trx,
    'presence_days',
    'day',
    newHours.map(({ at, user_id }) => ({ at: dayOf(at), user_id })),
  );
  const one = () => 1;
  await addTo(trx, [
    ['active_hours', sums(newHours, ({ at }) => at, one)],
    ['active_days', sums(newDays, ({ at }) => at, one)],
  ]);
}

/** Inserts the sightings a table lacks and answers those it did not hold before. */
async function insertNew(
  trx: Kysely<GameDatabase>,
  table: 'presence_hours' | 'presence_days',
  column: 'hour' | 'day',
  sightings: readonly Sighting[],
): Promise<Sighting[]> {
  if (sightings.length === 0) return [];
  const { rows: inserted } =
    await sql<Sighting>`insert into ${sql.table(table)} (${sql.ref(column)}, user_id) ${sightingRows(trx, sightings)}
    on conflict (${sql.ref(column)}, user_id) do nothing
    returning ${sql.ref(column)} as at, user_id`.execute(trx);
  return inserted;
}

/** How long each map's reports are kept: Active now a day ago (the dashboard's change), with a day to spare. */
export const MAP_REPORTS_KEPT_HOURS = 48;

const mapPresence: GameEventKind<'map-presence'> = {
  type: 'map-presence',
  async store(trx, events) {
    const counts = latest(
      events,
      ({ event }) => event.mapID,
      ({ event }) => event.at,
    );
    await trx
      .insertInto('map_presence')
      .values(counts.map(({ event }) => ({ map_id: event.mapID, active_now: event.activeNow, updated_at: event.at })))
      .onConflict((conflict) =>
        conflict
          .column('map_id')
          .doUpdateSet((eb) => ({
            active_now: eb.ref('excluded.active_now'),
            updated_at: eb.ref('excluded.updated_at'),
          }))
          .where((eb) => eb('excluded.updated_at', '>', eb.ref('map_presence.updated_at'))),
      )
      .execute();
    // Every report, for Active now as it stood in the past. The upsert above holds these maps' rows, so only this
    // batch prunes their reports older than MAP_REPORTS_KEPT_HOURS.
    const reports = new Map(
      events.map(({ event }) => [
        `${event.mapID}|${event.at}`,
        { map_id: event.mapID, reported_at: event.at, active_now: event.activeNow },
      ]),
    );
    await trx
      .insertInto('map_presence_reports')
      .values(inKeyOrder(reports).map(([, row]) => row))
      .onConflict((conflict) => conflict.columns(['map_id', 'reported_at']).doNothing())
      .execute();
    await trx
      .deleteFrom('map_presence_reports')
      .where(
        'map_id',
        'in',
        counts.map(({ event }) => event.mapID),
      )
      .where('reported_at', '<', new Date(Date.now() - MAP_REPORTS_KEPT_HOURS * 3_600_000).toISOString())
      .execute();
  },
};

const mapData: GameEventKind<'map-data'> = {
  type: 'map-data',
  async store(trx, events) {
    const data = latest(
      events,
      ({ event }) => event.mapID,
      ({ event }) => event.at,
    );
    await trx
      .insertInto('map_data')
      .values(
        data.map(({ event }) => ({
          map_id: event.mapID,
          data: JSON.stringify(event.data),
          updated_at: event.at,
        })),
      )
      .onConflict((conflict) =>
        conflict
          .column('map_id')
          .doUpdateSet((eb) => ({ data: eb.ref('excluded.data'), updated_at: eb.ref('excluded.updated_at') }))
          .where((eb) => eb('excluded.updated_at', '>', eb.ref('map_data.updated_at'))),
      )
      .execute();
  },
};

/** The kinds the game data stores itself. */
export const GAME_DATA_KINDS: readonly AnyGameEventKind[] = [
  playtime,
  level,
  itemClaimed,
  objective,
  presence,
  mapPresence,
  mapData,
];
