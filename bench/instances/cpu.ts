import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/*
 * CPU time of other processes, from Linux's /proc: process.cpuUsage() only sees this process.
 * Times are in clock ticks (sysconf CLK_TCK, 100 on every common Linux).
 */

export const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** A process's CPU time so far (user + system, all its threads), in ticks; undefined once it is gone. */
export function processTicks(pid: number): number | undefined {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The name (field 2) is in parentheses and may hold spaces; fields 14 and 15 are utime and stime.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** The machine's busy time so far, all cores together (everything but idle and I/O wait), in ticks. */
export function machineBusyTicks(): number {
  const line = fs.readFileSync('/proc/stat', 'utf8').split('\n', 1)[0] ?? '';
  // cpu user nice system idle iowait irq softirq steal (guest time is already inside user).
  const [user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number);
  return [user, nice, system, irq, softirq, steal].reduce<number>((sum, value) => sum + (value ?? 0), 0);
}

/**
 * The CPU time of each PostgreSQL process serving `database` on this machine, by pid: a backend's
 * title (its /proc cmdline, with update_process_title, PostgreSQL's default) is
 * "postgres: [cluster: ]user database host(port) state", and an autovacuum worker's names the
 * database too. Empty when PostgreSQL runs elsewhere or hides its titles.
 */
export function postgresTicks(database: string): Map<number, number> {
  const found = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let title: string;
    try {
      title = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    if (!title.startsWith('postgres:') || !title.split(/[\s\0]+/).includes(database)) continue;
    const ticks = processTicks(Number(entry));
    if (ticks !== undefined) found.set(Number(entry), ticks);
  }
  return found;
}

/** The database a PostgreSQL URL names: the one whose backends postgresTicks reads. */
export const databaseNameOf = (url: string): string => new URL(url).pathname.slice(1);

/** PostgreSQL's ticks between two readings of postgresTicks: a backend that started in between counts whole. */
export function postgresTicksBetween(start: Map<number, number>, end: Map<number, number>): number {
  let ticks = 0;
  for (const [pid, value] of end) ticks += value - (start.get(pid) ?? 0);
  return ticks;
}

/** CPU spent over a span: PostgreSQL's for the database (undefined when none was seen) and the machine's, in seconds. */
export interface CpuSpan {
  postgresSeconds: number | undefined;
  machineSeconds: number;
}

/**
 * Starts reading PostgreSQL's CPU for `database` (none when undefined: an SQLite run) and the whole
 * machine's; the function returned ends the span. A backend that starts within it counts whole.
 */
export function startCpuSpan(database: string | undefined): () => CpuSpan {
  const postgres = database === undefined ? new Map<number, number>() : postgresTicks(database);
  const machine = machineBusyTicks();
  return () => {
    const now = database === undefined ? new Map<number, number>() : postgresTicks(database);
    return {
      postgresSeconds: now.size > 0 ? postgresTicksBetween(postgres, now) / TICKS_PER_SECOND : undefined,
      machineSeconds: (machineBusyTicks() - machine) / TICKS_PER_SECOND,
    };
  };
}
