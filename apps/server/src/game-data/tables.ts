/*
 * The game's own records (docs/product.md §3.16) as its servers report them, and the aggregates kept beside
 * them in the ingestion's transaction, so every live figure is one cheap read. Figures that can
 * outgrow 32 bits are bigint columns, which PostgreSQL's driver answers as text: read them with
 * Number().
 */

/** Every event stored, by the game's id for it: a batch sent again stores nothing twice. */
export interface IngestedEventTable {
  event_id: string;
  type: string;
  /** ISO 8601, UTC. */
  received_at: string;
}

/** user-playtime: one play session's seconds. */
export interface UserPlaytimeTable {
  event_id: string;
  user_id: string;
  seconds: number;
  played_at: string;
}

/** Playtime per day (UTC), for the live stats' chart. */
export interface PlaytimeDayTable {
  day: string;
  seconds: number | string;
}

/** Running totals by name ('playtime_seconds'), moved in the transaction that stores their events. */
export interface GameTotalTable {
  name: string;
  value: number | string;
}

/** levels: each player's highest level reached. */
export interface LevelTable {
  user_id: string;
  level: number;
  reached_at: string;
}

/** objective-tracking: one objective a player did. */
export interface ObjectiveTrackingTable {
  event_id: string;
  user_id: string;
  key: string;
  tracked_at: string;
}

/** Trackings per objective key. */
export interface ObjectiveCountTable {
  key: string;
  count: number | string;
}

/** user-presence: when each player was last seen in the game. */
export interface UserPresenceTable {
  user_id: string;
  last_seen: string;
}

/** The players seen in each hour (UTC, `YYYY-MM-DDTHH`), for the active players' chart. */
export interface PresenceHourTable {
  hour: string;
  user_id: string;
}

/** The players seen on each day (UTC, `YYYY-MM-DD`): whether a player's sighting is their first of the day. */
export interface PresenceDayTable {
  day: string;
  user_id: string;
}

/**
 * The players seen in each hour or day, counted as presence_hours and presence_days take a new row (kinds.ts):
 * the active players' chart; bigint, so read it with Number().
 */
export interface ActiveHourTable {
  hour: string;
  players: number | string;
}

/** The seconds played in each hour (UTC, `YYYY-MM-DDTHH`), as playtime_days by the day; bigint. */
export interface PlaytimeHourTable {
  hour: string;
  seconds: number | string;
}

export interface ActiveDayTable {
  day: string;
  players: number | string;
}

/** map-presence: how many players are on each map now, as last reported. */
export interface MapPresenceTable {
  map_id: string;
  active_now: number;
  /** When the game counted them (the event's time). */
  updated_at: string;
}

/**
 * Each map-presence report of the last MAP_REPORTS_KEPT_HOURS (kinds.ts), for Active now as it stood in the past
 * (the dashboard's change of Active Users); map_presence keeps each map's latest.
 */
export interface MapPresenceReportTable {
  map_id: string;
  /** When the game counted them (the event's time). */
  reported_at: string;
  active_now: number;
}

/** map-data: each map's data, as JSON text, as last reported. */
export interface MapDataTable {
  map_id: string;
  data: string;
  updated_at: string;
}

/** The game servers' service keys of this environment, each stored as the SHA-256 of its secret. */
export interface IngestKeyTable {
  key_id: string;
  name: string;
  /** The secret's first characters, shown to tell keys apart. */
  prefix: string;
  /** Hex SHA-256 of the secret: secrets are 32 random bytes, so a fast digest is as good as a slow one. */
  digest: string;
  created_at: string;
  created_by: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface GameDataTables {
  ingested_events: IngestedEventTable;
  user_playtime: UserPlaytimeTable;
  playtime_days: PlaytimeDayTable;
  playtime_hours: PlaytimeHourTable;
  game_totals: GameTotalTable;
  levels: LevelTable;
  objective_tracking: ObjectiveTrackingTable;
  objective_counts: ObjectiveCountTable;
  user_presence: UserPresenceTable;
  presence_hours: PresenceHourTable;
  presence_days: PresenceDayTable;
  active_hours: ActiveHourTable;
  active_days: ActiveDayTable;
  map_presence: MapPresenceTable;
  map_presence_reports: MapPresenceReportTable;
  map_data: MapDataTable;
  ingest_keys: IngestKeyTable;
}

declare module '../database' {
  interface GameDatabase extends GameDataTables {}
}
