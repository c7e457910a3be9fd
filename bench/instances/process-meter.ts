import type { ChildProcess } from 'node:child_process';
import type { SliceMeter } from '../http/load';
import { machineBusyTicks, postgresTicks, postgresTicksBetween, processTicks, TICKS_PER_SECOND } from './cpu';

type Side = 'baseline' | 'subject';

/** CPU used over one side's slices, each as a percentage of one core (a busy 2-core machine is 200 %). */
export interface SideUsage {
  seconds: number;
  requests: number;
  cpuPercent: {
    /** Each server instance, in the order given (an instance the side sends nothing sits near 0). */
    instances: number[];
    generator: number;
    /** The PostgreSQL processes serving the bench's database; undefined when none could be seen. */
    postgres: number | undefined;
    /** Every process on the machine, others' work included. */
    machine: number;
  };
}

interface Snapshot {
  at: number;
  instances: (number | undefined)[];
  generator: number | undefined;
  postgres: Map<number, number>;
  machine: number;
}

interface Totals {
  seconds: number;
  requests: number;
  instances: number[];
  generator: number;
  postgres: number;
  postgresSeen: boolean;
  machine: number;
}

/** Ticks between two readings of one process: all of them if it started in between, none if it is gone. */
const delta = (end: number | undefined, start: number | undefined) => (end === undefined ? 0 : end - (start ?? 0));

/**
 * Reads /proc at the start and end of every slice: the instances' and the load generator's CPU
 * time, PostgreSQL's for `database` and the whole machine's. A PostgreSQL backend that appears
 * during a slice counts whole (it started then); one that ends during a slice is lost, which the
 * pools' long-lived connections make rare.
 */
export function processMeter(instancePids: readonly number[], database: string): SliceMeter<Record<Side, SideUsage>> {
  const totals = (): Totals => ({
    seconds: 0,
    requests: 0,
    instances: instancePids.map(() => 0),
    generator: 0,
    postgres: 0,
    postgresSeen: false,
    machine: 0,
  });
  const sides: Record<Side, Totals> = { baseline: totals(), subject: totals() };
  let generatorPid = 0;
  let start: Snapshot | undefined;
  const snapshot = (): Snapshot => ({
    at: performance.now(),
    instances: instancePids.map(processTicks),
    generator: processTicks(generatorPid),
    postgres: postgresTicks(database),
    machine: machineBusyTicks(),
  });
  const percent = (ticks: number, seconds: number) => (100 * ticks) / TICKS_PER_SECOND / Math.max(seconds, 1e-9);
  const usage = (side: Totals): SideUsage => ({
    seconds: side.seconds,
    requests: side.requests,
    cpuPercent: {
      instances: side.instances.map((ticks) => percent(ticks, side.seconds)),
      generator: percent(side.generator, side.seconds),
      postgres: side.postgresSeen ? percent(side.postgres, side.seconds) : undefined,
      machine: percent(side.machine, side.seconds),
    },
  });
  return {
    start(generator: ChildProcess) {
      generatorPid = generator.pid ?? 0;
      start = snapshot();
    },
    end(side, requests) {
      const end = snapshot();
      if (!start) return;
      const into = sides[side];
      into.seconds += (end.at - start.at) / 1000;
      into.requests += requests;
      end.instances.forEach((ticks, index) => {
        into.instances[index] = (into.instances[index] ?? 0) + delta(ticks, start?.instances[index]);
      });
      into.generator += delta(end.generator, start.generator);
      into.postgres += postgresTicksBetween(start.postgres, end.postgres);
      into.postgresSeen ||= end.postgres.size > 0;
      into.machine += end.machine - start.machine;
      start = undefined;
    },
    reading: () => ({ baseline: usage(sides.baseline), subject: usage(sides.subject) }),
  };
}
