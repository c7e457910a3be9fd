import { Database } from '../../apps/server/src/platform/db/sqlite-driver';
import type { BenchEvent, IngestionBaseline } from './events';

/*
 * SQLite's ingestion baseline: the writes the app's ingestion makes for a batch (apps/server/src/game-data/ingest.ts
 * and kinds.ts, the claimed items' grant in ledger/inventory.ts), written by hand on a copy of the game store
 * taken once the app has started (the same schema, indexes, change triggers and rows): each event's rows
 * through prepared better-sqlite3 statements, one transaction a batch, and the same aggregates and counters
 * moved by the batch's sums, so every trigger fires as often as it does for the app. No HTTP, no checks, no
 * query builder: what the app adds over this is its own cost. sameWrites (below) checks that both stores end
 * with the same rows.
 */

/** The day and the hour of an instant in UTC ISO 8601, as kinds.ts slices them. */
const dayOf = (at: string) => at.slice(0, 10);
const hourOf = (at: string) => at.slice(0, 13);

const PLAYTIME_TOTAL = 'playtime_seconds';

/** Adds `amount` to `key`'s total. */
function add(totals: Map<string, number>, key: string, amount: number): void {
  totals.set(key, (totals.get(key) ?? 0) + amount);
}

/** The first event with the greatest `rank` per `key` (what an upsert keeping the greater value leaves). */
function latest(
  events: readonly BenchEvent[],
  key: (event: BenchEvent) => string,
  rank: (event: BenchEvent) => string | number,
) {
  const best = new Map<string, BenchEvent>();
  for (const event of events) {
    const held = best.get(key(event));
    if (!held || rank(event) > rank(held)) best.set(key(event), event);
  }
  return [...best.values()];
}

/** The longest copyLog waits for another connection's copy of the log to end. */
const COPY_WAIT_MS = 2_000;

/**
 * Copies a WAL store's log into its file, between the bench's batches, untimed. The app's store is
 * also copied by its checkpoint worker soon after each commit (apps/server/src/platform/db/checkpoints.ts):
 * this waits out such a copy (a PASSIVE checkpoint answers busy while another runs) and copies what is
 * left, so no side's batch is timed while a copy of the other side's log runs.
 */
export async function copyLog(db: Database): Promise<void> {
  const deadline = performance.now() + COPY_WAIT_MS;
  for (;;) {
    const [result] = db.pragma('wal_checkpoint(PASSIVE)') as { busy: number; log: number; checkpointed: number }[];
    if (!result || (result.busy === 0 && result.checkpointed === result.log)) return;
    if (performance.now() > deadline) {
      throw new Error(`${db.name}'s log was not copied within ${COPY_WAIT_MS} ms: a reader holds it.`);
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

/** The by-hand writer on the SQLite file `file` (a copy of the app's game store), with the app's pragmas and its checkpoints between batches. */
export function openByHandWriter(file: string): IngestionBaseline {
  const db = new Database(file);
  // As apps/server/src/platform/db/stores.ts opens every store.
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // The app's writer leaves checkpoints to a worker thread, off its batches' time
  // (apps/server/src/platform/db/checkpoints.ts, docs/decisions/0146-sqlite-off-the-event-loop.md): this one
  // copies its log between batches, untimed, not in a batch's COMMIT as SQLite's default would, which took
  // most of a batch's time.
  db.pragma('wal_autocheckpoint = 0');
  const counter = (table: string, key: string, amount: string) =>
    db.prepare<[string, number]>(
      `insert into ${table} (${key}, ${amount}) values (?, ?) on conflict (${key}) do update set ${amount} = ${amount} + excluded.${amount}`,
    );
  const statements = {
    mark: db.prepare<[string, string, string]>(
      'insert into ingested_events (event_id, type, received_at) values (?, ?, ?) on conflict (event_id) do nothing',
    ),
    playtime: db.prepare<[string, string, number, string]>(
      'insert into user_playtime (event_id, user_id, seconds, played_at) values (?, ?, ?, ?)',
    ),
    playtimeDays: counter('playtime_days', 'day', 'seconds'),
    playtimeHours: counter('playtime_hours', 'hour', 'seconds'),
    totals: counter('game_totals', 'name', 'value'),
    level: db.prepare<[string, number, string]>(
      `insert into levels (user_id, level, reached_at) values (?, ?, ?) on conflict (user_id)
       do update set level = excluded.level, reached_at = excluded.reached_at where excluded.level > levels.level`,
    ),
    claimed: db.prepare<[string, string, string, string]>(
      `insert into claimed_items (user_id, item_id, quantity, source, reference, claimed_at)
       values (?, ?, 1, 'game', ?, ?) on conflict (reference, item_id) do nothing`,
    ),
    claimedCounts: counter('claimed_item_counts', 'item_id', 'count'),
    objective: db.prepare<[string, string, string, string]>(
      'insert into objective_tracking (event_id, user_id, key, tracked_at) values (?, ?, ?, ?)',
    ),
    objectiveCounts: counter('objective_counts', 'key', 'count'),
    presence: db.prepare<[string, string]>(
      `insert into user_presence (user_id, last_seen) values (?, ?) on conflict (user_id)
       do update set last_seen = excluded.last_seen where excluded.last_seen > user_presence.last_seen`,
    ),
    presenceHour: db.prepare<[string, string]>(
      'insert into presence_hours (hour, user_id) values (?, ?) on conflict (hour, user_id) do nothing',
    ),
    presenceDay: db.prepare<[string, string]>(
      'insert into presence_days (day, user_id) values (?, ?) on conflict (day, user_id) do nothing',
    ),
    activeHours: counter('active_hours', 'hour', 'players'),
    activeDays: counter('active_days', 'day', 'players'),
  };

  const write = db.transaction((events: readonly BenchEvent[]) => {
    const receivedAt = new Date().toISOString();
    const fresh = events.filter((event) => statements.mark.run(event.id, event.type, receivedAt).changes === 1);
    const of = (type: BenchEvent['type']) => fresh.filter((event) => event.type === type);
    const moveBy = (statement: typeof statements.totals, totals: Map<string, number>) => {
      for (const [key, amount] of totals) statement.run(key, amount);
    };

    const sessions = of('playtime');
    const days = new Map<string, number>();
    const hours = new Map<string, number>();
    let played = 0;
    for (const event of sessions) {
      const seconds = event.seconds ?? 0;
      statements.playtime.run(event.id, event.userID, seconds, event.at);
      add(days, dayOf(event.at), seconds);
      add(hours, hourOf(event.at), seconds);
      played += seconds;
    }
    moveBy(statements.playtimeDays, days);
    moveBy(statements.playtimeHours, hours);
    if (sessions.length > 0) statements.totals.run(PLAYTIME_TOTAL, played);

    for (const event of latest(
      of('level'),
      (one) => one.userID,
      (one) => one.level ?? 0,
    )) {
      statements.level.run(event.userID, event.level ?? 0, event.at);
    }

    const claims = new Map<string, number>();
    for (const event of of('item-claimed')) {
      const itemID = event.itemID ?? '';
      if (statements.claimed.run(event.userID, itemID, `game:${event.id}`, event.at).changes === 1)
        add(claims, itemID, 1);
    }
    moveBy(statements.claimedCounts, claims);

    const objectives = new Map<string, number>();
    for (const event of of('objective')) {
      statements.objective.run(event.id, event.userID, event.key ?? '', event.at);
      add(objectives, event.key ?? '', 1);
    }
    moveBy(statements.objectiveCounts, objectives);

    const sightings = of('presence');
    for (const event of latest(
      sightings,
      (one) => one.userID,
      (one) => one.at,
    )) {
      statements.presence.run(event.userID, event.at);
    }
    const activeHours = new Map<string, number>();
    const activeDays = new Map<string, number>();
    for (const event of sightings) {
      const hour = hourOf(event.at);
      if (statements.presenceHour.run(hour, event.userID).changes === 0) continue;
      add(activeHours, hour, 1);
      if (statements.presenceDay.run(dayOf(hour), event.userID).changes === 1) add(activeDays, dayOf(hour), 1);
    }
    moveBy(statements.activeHours, activeHours);
    moveBy(statements.activeDays, activeDays);
  });

  return {
    async write(events) {
      write(events);
    },
    betweenBatches: () => copyLog(db),
    async close() {
      db.close();
    },
  };
}

/** The tables ingestion writes, each with the columns compared (not the times of receipt, which differ). */
const WRITTEN: Readonly<Record<string, string>> = {
  ingested_events: 'event_id, type',
  user_playtime: '*',
  playtime_days: '*',
  playtime_hours: '*',
  game_totals: '*',
  levels: '*',
  claimed_items: '*',
  claimed_item_counts: '*',
  objective_tracking: '*',
  objective_counts: '*',
  user_presence: '*',
  presence_hours: '*',
  presence_days: '*',
  active_hours: '*',
  active_days: '*',
};

/**
 * The differences between the app's game store and the by-hand copy after both stored the same batches: each
 * table ingestion writes compared row by row both ways, and the changes the triggers recorded since the copy
 * (`since`: the copy's last change) counted by topic and key. Empty when both made the same writes.
 */
export function differences(appFile: string, byHandFile: string, since: number): string[] {
  const db = new Database(appFile, { readonly: true });
  try {
    db.prepare('attach database ? as hand').run(byHandFile);
    const count = (query: string) => (db.prepare(query).pluck().get() as number) ?? 0;
    const found: string[] = [];
    const compare = (name: string, app: string, hand: string) => {
      const rows = [count(`select count(*) from (${app})`), count(`select count(*) from (${hand})`)];
      const onlyApp = count(`select count(*) from (${app} except ${hand})`);
      const onlyHand = count(`select count(*) from (${hand} except ${app})`);
      if (rows[0] !== rows[1] || onlyApp > 0 || onlyHand > 0) {
        found.push(`${name}: ${rows[0]} rows against ${rows[1]}, ${onlyApp} only the app's, ${onlyHand} only by hand`);
      }
    };
    for (const [table, columns] of Object.entries(WRITTEN)) {
      compare(table, `select ${columns} from main.${table}`, `select ${columns} from hand.${table}`);
    }
    const changes = (schema: string) =>
      `select topic, key, environment, count(*) from ${schema}.changes where seq > ${Math.trunc(since)} group by topic, key, environment`;
    compare('changes', changes('main'), changes('hand'));
    return found;
  } finally {
    db.close();
  }
}

/** Copies a store's file through SQLite's backup, whoever else has it open. */
export async function copyStore(file: string, copy: string): Promise<void> {
  const db = new Database(file, { readonly: true });
  try {
    await db.backup(copy);
  } finally {
    db.close();
  }
}

/** The last change recorded in a store's file: the by-hand copy's changes are compared after it. */
export function lastChange(file: string): number {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare('select coalesce(max(seq), 0) from changes').pluck().get() as number) ?? 0;
  } finally {
    db.close();
  }
}
