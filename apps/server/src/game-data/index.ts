/* What the game data offers: the kinds of event other domains store from the game's batches, and its service keys. */
export { type AnyIngestKind, type BatchEvent, type IngestKind, ingestKind, missingPlayers } from './ingest';
export { hasActiveIngestKey, useIngestKey } from './keys';
export type { LiveSeriesQueries, LiveSeriesQuery, SeriesWindow } from './series';
