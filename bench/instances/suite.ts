import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { ATTESTATION_HEADER } from '@outpost/contracts/attestation';
import { SITE_CALLABLES } from '@outpost/contracts/site';
import { clonePlayers } from '../../apps/server/src/identity/testing';
import { credit } from '../../apps/server/src/ledger/ledger';
import { seedDemoData } from '../../apps/server/src/seed';
import { openAppStores } from '../../apps/server/src/stores';
import { createTestDatabase } from '../../apps/server/src/testing/postgres-databases';
import { dropAtTheEnd, exchangeAttestation, newSetting } from '../http/app-target';
import { runMeteredPairs } from '../http/load';
import type { PairSpec, PlannedRequest } from '../http/load-spec';
import { BENCH_MACHINE_ID, PLENTY, seedAccounts, seedBenchMachine, signUpOverHttp } from '../http/seed';
import type { BenchOptions } from '../options';
import { decided, median, type TargetResult, type TargetSpec, unmeasured } from '../targets';
import { databaseNameOf } from './cpu';
import { processMeter, type SideUsage } from './process-meter';
import { type ServerInstance, startServerInstance } from './server-instances';

/*
 * What a second instance buys (docs/decisions/0114-what-a-second-instance-buys.md): the same mixed load (public reads,
 * a player's write, a spin) from a load generator in its own process against one server process (main.ts) and then two,
 * both on one PostgreSQL database, the connections split round robin between the two ports. Both
 * instances run throughout; a pair is a slice of load on the first alone, then one on both (or the
 * other way round), so the two figures see nearly the same machine. Each slice reads every
 * process's CPU time from /proc: on a 2-core machine one instance, PostgreSQL and the load generator
 * already share both cores, so the ratio measures what running two costs, not the headroom more
 * cores or machines would give.
 */

/** Players in the crowd; each keeps to one connection. */
const PLAYERS = 500;
/** Fresh processes: V8 optimises and the pools open their connections before anything is counted. */
const WARMUP_SECONDS = 3;
const SLICE_SECONDS = 2;
/** A template database (migrated once per set of migrations), 10,000 accounts, two processes starting through tsx. */
const SETUP_SECONDS = 180;
const RATIO_BAR = 0.8;
const INSTANCE_NAMES = ['A', 'B'] as const;
/** Both instances' public address, as behind one proxy; the sign-up's origin check compares with it. */
const PUBLIC_URL = 'http://outpost.localhost';
const NO_POSTGRES = 'skipped (no BENCH_DATABASE_URL)';

export const INSTANCES_TARGET: TargetSpec = {
  name: 'the mixed load on two instances over one, one PostgreSQL',
  requirement: `>= ${RATIO_BAR} x one instance (on 2 cores: the overhead, not the headroom)`,
};
export const INSTANCES_TARGET_SPECS: readonly TargetSpec[] = [INSTANCES_TARGET];

/** What each player's turn sends, in order (the legend prints it). */
export const MIX = [
  'GET /api/shop (the catalogue, signed out)',
  'POST signupCount (the site, signed out)',
  "PUT /api/account/profile (the player's display name, changed each time)",
  `GET /api/fn/spin-machine?machineID=${BENCH_MACHINE_ID} (one credit)`,
] as const;

export interface InstancesSide {
  /** Median of the side's slices. */
  requestsPerSecond: number;
  usage: SideUsage;
  /** The instances' and PostgreSQL's CPU time per request; undefined without PostgreSQL's. */
  cpuMicrosPerRequest: number | undefined;
}

export interface InstancesMeasurement {
  players: number;
  connections: number;
  sliceSeconds: number;
  one: InstancesSide;
  two: InstancesSide;
  /** Two over one: the median of the pairs, and each pair's. */
  ratio: number;
  pairRatios: number[];
  /** Lines each instance logged at warn (an error fails the run). */
  warnings: Record<string, number>;
}

export interface InstancesReport {
  measured?: InstancesMeasurement;
  skipped?: string;
  targets: TargetResult[];
}

/** Upper bound of runInstancesBench's duration in seconds, for the bench's overall time limit. */
export function instancesBenchSeconds(options: BenchOptions): number {
  return SETUP_SECONDS + 2 * WARMUP_SECONDS + 2 * options.targetPairs * (SLICE_SECONDS + 1) + 30;
}

interface Player {
  userId: string;
  bearer: string;
}

/**
 * One cycle per connection: its players in turn (every connection has its own, so no two
 * connections spend one player's credits at once), each sending MIX twice, the write setting its
 * first display name and then its second: a player's writes alternate, each changing the row.
 */
function cyclesOf(players: readonly Player[], connections: number, attestation: Record<string, string>) {
  const turn = (player: Player, index: number, name: string): PlannedRequest[] => {
    const signedIn = { ...attestation, authorization: player.bearer };
    return [
      { method: 'GET', path: '/api/shop', headers: attestation },
      {
        method: 'POST',
        path: `/api/callable/${SITE_CALLABLES.signupCount}`,
        headers: attestation,
        jsonBody: JSON.stringify({ data: null }),
      },
      {
        method: 'PUT',
        path: '/api/account/profile',
        headers: signedIn,
        jsonBody: JSON.stringify({ displayName: `scale-${index}-${name}` }),
      },
      { method: 'GET', path: `/api/fn/spin-machine?machineID=${BENCH_MACHINE_ID}`, headers: signedIn },
    ];
  };
  return Array.from({ length: connections }, (_, connection) => {
    const own = players
      .map((player, index) => ({ player, index }))
      .filter(({ index }) => index % connections === connection);
    return own.flatMap(({ player, index }) => [...turn(player, index, 'a'), ...turn(player, index, 'b')]);
  });
}

/** Sends each request once to each instance: a wrong setup fails here, with the answer, before any load. */
async function preflight(instances: readonly ServerInstance[], requests: readonly PlannedRequest[]): Promise<void> {
  for (const instance of instances) {
    for (const request of requests) {
      const response = await fetch(`${instance.origin}${request.path}`, {
        method: request.method,
        headers: {
          ...request.headers,
          ...(request.jsonBody === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: request.jsonBody,
      });
      if (!response.ok) {
        throw new Error(
          `${request.method} ${request.path} on instance ${instance.name} answered ${response.status}: ${await response.text()}`,
        );
      }
    }
  }
}

/** Errors in an instance's log fail the run (each would be a request that went wrong); warnings are counted. */
function checkLogs(instances: readonly ServerInstance[]): Record<string, number> {
  const warnings: Record<string, number> = {};
  for (const instance of instances) {
    const lines = instance.warnings();
    const errors = lines.filter((line) => (line.level ?? 0) >= 50);
    if (errors.length > 0) {
      throw new Error(`Instance ${instance.name} logged ${errors.length} errors, the first: ${errors[0]?.msg}`);
    }
    warnings[instance.name] = lines.length;
  }
  return warnings;
}

function side(rates: readonly number[], usage: SideUsage): InstancesSide {
  const { instances, postgres } = usage.cpuPercent;
  const coreSeconds = (percent: number) => (percent / 100) * usage.seconds;
  const cpuSeconds =
    postgres === undefined
      ? undefined
      : coreSeconds(postgres) + instances.reduce((sum, percent) => sum + coreSeconds(percent), 0);
  return {
    requestsPerSecond: median(rates),
    usage,
    cpuMicrosPerRequest: cpuSeconds === undefined ? undefined : (cpuSeconds * 1e6) / Math.max(usage.requests, 1),
  };
}

/**
 * Seeds a database of its own (copied from the tests' migrated template, dropped at the end; its
 * name picks PostgreSQL's processes out of /proc), starts the instances on it, signs the crowd in,
 * and runs the pairs. Every process is stopped at the end, also when something fails.
 */
export async function runInstancesBench(webDist: string, options: BenchOptions): Promise<InstancesReport> {
  const { databaseUrl } = options;
  if (!databaseUrl) return { skipped: NO_POSTGRES, targets: [unmeasured(INSTANCES_TARGET, NO_POSTGRES)] };
  const setting = newSetting(webDist, databaseUrl);
  const instances: ServerInstance[] = [];
  try {
    const database = await createTestDatabase(databaseUrl);
    dropAtTheEnd(setting, database.drop);
    const databaseName = databaseNameOf(database.url);
    const debugToken = randomBytes(16).toString('hex');
    const authSecret = randomBytes(32).toString('hex');

    const stores = await openAppStores({ dataDir: setting.dataDir, databaseUrl: database.url, poolSize: 2 });
    let players: Player[];
    try {
      await seedDemoData(stores, 'development');
      await seedAccounts(stores.identity, 'postgres');
      await seedBenchMachine(stores.game.development);

      const started = await Promise.allSettled(
        INSTANCE_NAMES.map((name) =>
          startServerInstance(name, {
            DATABASE_URL: database.url,
            DATA_DIR: path.join(setting.dataDir, name),
            // One secret for both, as a deployment shares it: sessions and attestation tokens work on either.
            AUTH_SECRET: authSecret,
            ATTESTATION_MODE: 'enforce',
            ATTESTATION_DEBUG_TOKENS: debugToken,
            PUBLIC_URL,
            SEED_DEMO_DATA: 'false',
            WEB_DIST: webDist,
          }),
        ),
      );
      for (const result of started) if (result.status === 'fulfilled') instances.push(result.value);
      const failed = started.find((result) => result.status === 'rejected');
      if (failed) throw failed.reason;

      const [first] = instances as [ServerInstance];
      const template = await signUpOverHttp(first.origin, PUBLIC_URL, {
        email: 'scale-0@example.com',
        password: 'bench crowd password',
        name: 'scale',
      });
      const clones = await clonePlayers(stores.identity, template.userId, 'scale', PLAYERS - 1);
      players = [template, ...clones];
      await stores.game.development.transaction().execute(async (trx) => {
        for (const player of players) {
          await credit(trx, {
            userId: player.userId,
            amount: PLENTY,
            reason: 'adjustment',
            reference: `bench:instances:${player.userId}`,
          });
        }
      });
    } finally {
      // The bench's own connections would only compete with the instances' for PostgreSQL.
      await stores.close();
    }

    const attestation = { [ATTESTATION_HEADER]: await exchangeAttestation(instances[0]?.origin ?? '', debugToken) };
    const cycles = cyclesOf(players, options.connections, attestation);
    await preflight(instances, (cycles[0] ?? []).slice(0, MIX.length));

    const origins = instances.map((instance) => instance.origin);
    const spec: PairSpec = {
      name: 'the mixed load',
      baseline: { origin: origins.slice(0, 1), plan: { kind: 'per-connection', cycles } },
      subject: { origin: origins, plan: { kind: 'per-connection', cycles } },
      connections: options.connections,
      warmupSeconds: WARMUP_SECONDS,
      sliceSeconds: SLICE_SECONDS,
      pairs: options.targetPairs,
      stopOnFailure: true,
    };
    const outcome = await runMeteredPairs(
      spec,
      processMeter(
        instances.map((instance) => instance.pid),
        databaseName,
      ),
    );
    const warnings = checkLogs(instances);

    const pairRatios = outcome.pairs.map((pair) => pair.subject / pair.baseline);
    const ratio = median(pairRatios);
    const measured: InstancesMeasurement = {
      players: PLAYERS,
      connections: options.connections,
      sliceSeconds: SLICE_SECONDS,
      one: side(
        outcome.pairs.map((pair) => pair.baseline),
        outcome.meter.baseline,
      ),
      two: side(
        outcome.pairs.map((pair) => pair.subject),
        outcome.meter.subject,
      ),
      ratio,
      pairRatios,
      warnings,
    };
    const figure = `${ratio.toFixed(2)} (median of pairs ${pairRatios.map((value) => value.toFixed(2)).join(' ')})`;
    return {
      measured,
      targets: [
        decided(INSTANCES_TARGET.name, INSTANCES_TARGET.requirement, ratio >= RATIO_BAR, figure, ratio, RATIO_BAR),
      ],
    };
  } finally {
    await Promise.allSettled(instances.map((instance) => instance.stop()));
    await setting.cleanups.run();
  }
}
