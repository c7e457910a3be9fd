/** The parts of a bench run; each can run alone. */
export const SECTIONS = [
  'bundle',
  'lighthouse',
  'http',
  'search',
  'live',
  'game-data',
  'push',
  'instances',
  'remote-config',
  'segments',
  'capacity',
  'admin-reads',
] as const;
export type Section = (typeof SECTIONS)[number];

export interface BenchOptions {
  sections: readonly Section[];
  /** Seconds of measured load per HTTP benchmark, after the warm-up. */
  durationSeconds: number;
  warmupSeconds: number;
  connections: number;
  /** Back-to-back pairs each HTTP target is decided on (their median); odd, so the median is a pair. */
  targetPairs: number;
  /** PostgreSQL for the PostgreSQL rows; without it they are skipped. Never printed (it may hold a password). */
  databaseUrl: string | undefined;
}

function isSection(value: string): value is Section {
  return (SECTIONS as readonly string[]).includes(value);
}

/**
 * Reads BENCH_ONLY (comma-separated sections; command-line arguments mean the same),
 * BENCH_SKIP_LIGHTHOUSE=1, BENCH_DURATION (seconds), BENCH_PAIRS (pairs per target) and
 * BENCH_DATABASE_URL (falling back to TEST_DATABASE_URL). Unknown values stop the run rather
 * than silently benchmarking something else.
 */
export function parseOptions(env: NodeJS.ProcessEnv, args: readonly string[]): BenchOptions {
  const only = [...(env.BENCH_ONLY ?? '').split(','), ...args.flatMap((arg) => arg.split(','))]
    .map((value) => value.trim())
    .filter((value) => value !== '');
  const unknown = only.filter((value) => !isSection(value));
  if (unknown.length > 0) throw new Error(`Unknown bench section ${unknown.join(', ')}; use ${SECTIONS.join(', ')}.`);
  let sections: Section[] = only.length > 0 ? SECTIONS.filter((section) => only.includes(section)) : [...SECTIONS];
  if (env.BENCH_SKIP_LIGHTHOUSE === '1') sections = sections.filter((section) => section !== 'lighthouse');

  const durationSeconds = Number(env.BENCH_DURATION ?? '5');
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) {
    throw new Error(`BENCH_DURATION must be a positive number of seconds (got "${env.BENCH_DURATION}").`);
  }
  const targetPairs = Number(env.BENCH_PAIRS ?? '7');
  if (!Number.isInteger(targetPairs) || targetPairs < 1 || targetPairs % 2 === 0) {
    throw new Error(`BENCH_PAIRS must be an odd whole number of pairs (got "${env.BENCH_PAIRS}").`);
  }
  const databaseUrl = (env.BENCH_DATABASE_URL || env.TEST_DATABASE_URL || '').trim() || undefined;
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('BENCH_DATABASE_URL (or TEST_DATABASE_URL) must be a postgres:// URL.');
  }
  return { sections, durationSeconds, warmupSeconds: 1, connections: 50, targetPairs, databaseUrl };
}
