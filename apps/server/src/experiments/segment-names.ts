import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';
import type { StoredExperiment } from './queries';

/** The names of the segments the experiments draw from, read once for a list (their screens and the calendar). */
export async function segmentNames(
  db: Kysely<GameDatabase>,
  experiments: readonly StoredExperiment[],
): Promise<ReadonlyMap<string, string>> {
  const ids = [...new Set(experiments.flatMap((experiment) => experiment.segment_id ?? []))];
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('segments').select(['segment_id', 'name']).where('segment_id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.segment_id, row.name]));
}
