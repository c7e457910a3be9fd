import type { ExperimentExposure } from '../domain';

/** Players per read: an `in` list well within both stores' bound parameters. */
const CHUNK = 500;

/**
 * Reads a metric chunk by chunk of exposed players (each chunk's user ids, and the earliest
 * exposure among them, which bounds the rows a read takes), so no one read holds the server long.
 */
export async function byChunks(
  exposures: readonly ExperimentExposure[],
  read: (userIds: string[], since: string) => Promise<void>,
): Promise<void> {
  for (let start = 0; start < exposures.length; start += CHUNK) {
    const chunk = exposures.slice(start, start + CHUNK);
    const since = new Date(Math.min(...chunk.map((exposure) => exposure.exposedAt.getTime()))).toISOString();
    await read(
      chunk.map((exposure) => exposure.userId),
      since,
    );
  }
}
