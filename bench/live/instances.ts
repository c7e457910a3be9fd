import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { seedDemoData } from '../../apps/server/src/seed';
import { openAppStores } from '../../apps/server/src/stores';
import { createTestDatabase } from '../../apps/server/src/testing/postgres-databases';
import { dropAtTheEnd, newSetting } from '../http/app-target';
import { machineBusyTicks, processTicks, TICKS_PER_SECOND } from '../instances/cpu';
import { type ServerInstance, startServerInstance } from '../instances/server-instances';
import { median } from '../targets';
import { type ClientFleet, startClientFleet } from './client-fleet';
import { type Delivery, deliveryOf } from './delivery';

/*
 * Live across two instances on one PostgreSQL database: two server processes (main.ts), the same
 * number of idle streams on each following one topic, a change written to the database by neither
 * of them (as a third instance's write would be), and when each instance's streams have it. Both
 * hear of the change through PostgreSQL's NOTIFY (platform/changes/feed.ts); the figure is how far
 * apart the two instances' p99 are. Beside it, what the gap is made of: when each instance's first
 * stream had the change (the notice's way to the instance and its read of the change) and the CPU each
 * instance and the machine spent over the rounds (its writes to every stream).
 */

const INSTANCE_NAMES = ['A', 'B'] as const;
const TOPIC = 'credit-packs';

export interface InstancesDelivery {
  streamsPerInstance: number;
  open: number;
  failed: number;
  /**
   * Each instance's delivery, in INSTANCE_NAMES' order; `firstMs`: the median over the rounds of its
   * first stream's receipt; `cpuSeconds`: its process's CPU over the rounds.
   */
  instances: { name: string; delivery: Delivery; firstMs: number; cpuSeconds: number }[];
  /** The larger p99 less the smaller. */
  gapMs: number;
  /** The machine's busy cores over the rounds, on average (as many as it has: all busy throughout). */
  machineBusyCores: number;
}

export async function measureAcrossInstances(
  webDist: string,
  databaseUrl: string,
  streamsPerInstance: number,
  rounds: number,
): Promise<InstancesDelivery> {
  const setting = newSetting(webDist, databaseUrl);
  const instances: ServerInstance[] = [];
  const fleets: ClientFleet[] = [];
  try {
    const database = await createTestDatabase(databaseUrl);
    dropAtTheEnd(setting, database.drop);
    const stores = await openAppStores({ dataDir: setting.dataDir, databaseUrl: database.url, poolSize: 1 });
    setting.cleanups.add(() => stores.close());
    await seedDemoData(stores, 'development');
    const authSecret = randomBytes(32).toString('hex');
    for (const name of INSTANCE_NAMES) {
      instances.push(
        await startServerInstance(name, {
          DATABASE_URL: database.url,
          DATA_DIR: path.join(setting.dataDir, name),
          AUTH_SECRET: authSecret,
          PUBLIC_URL: 'http://outpost.localhost',
          SEED_DEMO_DATA: 'false',
          WEB_DIST: webDist,
        }),
      );
    }
    let open = 0;
    let failed = 0;
    for (const instance of instances) {
      const { hostname, port } = new URL(instance.origin);
      const fleet = startClientFleet(streamsPerInstance);
      fleets.push(fleet);
      const connected = await fleet.connect({ host: hostname, port: Number(port), path: `/api/live?topics=${TOPIC}` });
      open += connected.open;
      failed += connected.failed;
    }
    const pack = await stores.game.development.selectFrom('credit_packs').select('pack_id').executeTakeFirstOrThrow();
    const received = fleets.map(() => [] as (number | null)[]);
    const firsts = fleets.map(() => [] as number[]);
    const ticksAtStart = instances.map((instance) => processTicks(instance.pid));
    const machineAtStart = machineBusyTicks();
    const startedAt = performance.now();
    for (let round = 0; round < rounds; round += 1) {
      const arrivals = await Promise.all(fleets.map((fleet) => fleet.expect(TOPIC, 10_000)));
      const at = performance.timeOrigin + performance.now();
      await stores.game.development
        .updateTable('credit_packs')
        .set({ updated_at: new Date().toISOString() })
        .where('pack_id', '=', pack.pack_id)
        .execute();
      const times = await Promise.all(arrivals.map((arrival) => arrival()));
      times.forEach((one, index) => {
        const latencies = one.map((time) => (time === null ? null : time - at));
        received[index]?.push(...latencies);
        firsts[index]?.push(deliveryOf(latencies, 1).firstMs);
      });
    }
    const seconds = (performance.now() - startedAt) / 1000;
    const machineBusyCores = (machineBusyTicks() - machineAtStart) / TICKS_PER_SECOND / seconds;
    const perInstance = instances.map((instance, index) => {
      const ticksAtEnd = processTicks(instance.pid);
      const ticksBefore = ticksAtStart[index];
      return {
        name: instance.name,
        delivery: deliveryOf(received[index] ?? [], rounds),
        // A round no stream of the instance had says nothing of when it began writing.
        firstMs: median((firsts[index] ?? []).filter(Number.isFinite)),
        // NaN when the process was gone at either end: no CPU figure rather than a wrong one.
        cpuSeconds:
          ticksAtEnd === undefined || ticksBefore === undefined
            ? Number.NaN
            : (ticksAtEnd - ticksBefore) / TICKS_PER_SECOND,
      };
    });
    const p99s = perInstance.map((one) => one.delivery.p99Ms);
    return {
      streamsPerInstance,
      open,
      failed,
      instances: perInstance,
      gapMs: Math.max(...p99s) - Math.min(...p99s),
      machineBusyCores,
    };
  } finally {
    for (const fleet of fleets) fleet.close();
    await Promise.allSettled(instances.map((instance) => instance.stop()));
    await setting.cleanups.run();
  }
}
