import fs from 'node:fs';
import { SEARCH_USERS } from '../search/users';
import { SHOP_OPEN_SHARE } from './mix';
import { SOCKETS_PER_ORIGIN } from './protocol';

/* The capacity bench's knobs, read from the environment, and whether this machine can hold them. */

const DEFAULT_STEPS = [1_000, 2_000, 5_000, 10_000, 20_000, 30_000, 50_000];
const DEFAULT_STEP_SECONDS = 30;
/** Descriptors a process holds besides its connections: stores, logs, the listening socket. */
const DESCRIPTOR_MARGIN = 200;

export interface CapacitySettings {
  steps: number[];
  stepSeconds: number;
  /** A folder for the instances' CPU profiles, one per step (cpu-profile.mjs), from BENCH_CAPACITY_CPU_PROF. */
  cpuProfileDir: string | undefined;
}

/** BENCH_CAPACITY_STEPS (players per step, comma-separated, rising), BENCH_CAPACITY_STEP_SECONDS, BENCH_CAPACITY_CPU_PROF. */
export function capacitySettings(env: NodeJS.ProcessEnv): CapacitySettings {
  const steps = env.BENCH_CAPACITY_STEPS
    ? env.BENCH_CAPACITY_STEPS.split(',').map((value) => Number(value.trim()))
    : DEFAULT_STEPS;
  if (
    steps.length === 0 ||
    steps.some((value, index) => !Number.isInteger(value) || value < 1 || value <= (steps[index - 1] ?? 0))
  ) {
    throw new Error(
      `BENCH_CAPACITY_STEPS must be rising whole numbers of players, e.g. 200,500 (got "${env.BENCH_CAPACITY_STEPS}").`,
    );
  }
  if ((steps.at(-1) ?? 0) > SEARCH_USERS) {
    throw new Error(`BENCH_CAPACITY_STEPS go up to ${SEARCH_USERS} players, the accounts the bench seeds.`);
  }
  const stepSeconds = Number(env.BENCH_CAPACITY_STEP_SECONDS ?? DEFAULT_STEP_SECONDS);
  if (!Number.isFinite(stepSeconds) || stepSeconds <= 0) {
    throw new Error(
      `BENCH_CAPACITY_STEP_SECONDS must be a positive number (got "${env.BENCH_CAPACITY_STEP_SECONDS}").`,
    );
  }
  return { steps, stepSeconds, cpuProfileDir: env.BENCH_CAPACITY_CPU_PROF || undefined };
}

/**
 * Whether the machine lets the players hold the largest step's streams: each is a file descriptor
 * in the players' process and in an instance (both inherit this process's limit, ulimit -n), and an
 * ephemeral port of 127.0.0.1 towards its instance's port. Fails before the seeding, with the way out.
 */
export function checkDescriptors(players: number, instances: number): void {
  const streams = Math.round(players * SHOP_OPEN_SHARE);
  // The players' process holds every connection; an instance its share, through one port of its own.
  const held = streams + instances * SOCKETS_PER_ORIGIN + DESCRIPTOR_MARGIN;
  const perInstance = Math.ceil(streams / instances) + SOCKETS_PER_ORIGIN;
  const openFiles = Number(
    /^Max open files\s+(\d+)/m.exec(fs.readFileSync('/proc/self/limits', 'utf8'))?.[1] ?? Number.POSITIVE_INFINITY,
  );
  if (held > openFiles) {
    throw new Error(
      `${players.toLocaleString('en-US')} players hold ${streams} streams, more than this process's ` +
        `${openFiles} file descriptors allow (ulimit -n): raise it, or lower BENCH_CAPACITY_STEPS.`,
    );
  }
  const [low, high] = fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
  const ports = (high ?? 0) - (low ?? 0) + 1;
  if (perInstance > ports) {
    throw new Error(
      `${perInstance} connections to one instance need more than the ${ports} ephemeral ports of 127.0.0.1 ` +
        '(net.ipv4.ip_local_port_range): widen the range, or lower BENCH_CAPACITY_STEPS.',
    );
  }
}
