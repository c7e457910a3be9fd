import { createHash } from 'node:crypto';
import { Database } from '../apps/server/src/platform/db/sqlite-driver';

/*
 * How long this machine takes over one fixed piece of work, timed as a run starts and as it ends. The
 * load average counts what waits for a core, not how fast a core runs: on 2026-12-07 the capacity
 * bench's server cost 2.8 ms of CPU a request at a load of 0.1–1.9, against 1.3 the night before, and
 * the code of the night before cost the same 2.8 (docs/decisions/0145-how-many-players-one-instance-serves.md).
 * Only comparing with an older figure showed it. With the fixed work's time printed beside the load, a
 * run on a slow machine shows itself.
 */

/** Rows of the fixed work: 0.2 s of one core on 2026-12-07, long beside the timer's resolution and short beside a run. */
const ROWS = 20_000;

/**
 * The fixed work, once, in this thread: what a server spends most of its time on (JSON both ways,
 * SQLite's writes and reads by key, a hash). Answers a digest of what it read back, the same on every
 * machine, so none of it can be skipped.
 */
export function fixedWork(): string {
  const rows = Array.from({ length: ROWS }, (_, index) => ({
    id: `player-${index}`,
    seconds: index * 7,
    at: new Date(1_700_000_000_000 + index * 1_000).toISOString(),
  }));
  const text = JSON.stringify(rows);
  const parsed = JSON.parse(text) as typeof rows;
  const db = new Database(':memory:');
  try {
    db.exec('create table plays (id text primary key, seconds integer not null, at text not null)');
    const insert = db.prepare<[string, number, string]>('insert into plays (id, seconds, at) values (?, ?, ?)');
    db.transaction(() => {
      for (const row of parsed) insert.run(row.id, row.seconds, row.at);
    })();
    const read = db.prepare<[string], { seconds: number }>('select seconds from plays where id = ?');
    let total = 0;
    for (const row of parsed) total += read.get(row.id)?.seconds ?? 0;
    return createHash('sha256').update(text).update(String(total)).digest('hex');
  } finally {
    db.close();
  }
}

/**
 * The median of `rounds` timings of `work`, in ms, after one untimed run that warms it up; `now` is the
 * clock read around each.
 */
export function medianTime(work: () => unknown, rounds: number, now: () => number = () => performance.now()): number {
  work();
  const times = Array.from({ length: rounds }, () => {
    const start = now();
    work();
    return now() - start;
  }).sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] as number;
}

/** The fixed work's median time over five rounds, in ms. */
export const fixedWorkMs = (): number => medianTime(fixedWork, 5);
