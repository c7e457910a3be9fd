import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Dialect } from '../../apps/server/src/platform/db/stores';
import { forkBenchChild, stopChild } from '../child-process';
import { benchStoreOptions, newSetting, openBenchStores, whileStoresOpen } from '../http/app-target';
import { signUpStaffMember } from '../http/seed';
import { decided, type TargetResult, type TargetSpec } from '../targets';
import type { AppProcessMessage, AppProcessRequest, HeapPeaks } from './app-process';
import { seedIndexedPushDevices } from './devices';
import type { FcmCount } from './fcm-process';
import type { FcmServerProcess } from './fcm-server';
import { load, MESSAGE, sendToEveryone, UNBINDING_QUOTA, waitForSent } from './send-through-app';

/*
 * A push to a million devices through the whole app (docs/decisions/0141-push-at-the-push-services-limit.md):
 * the app in a child process of its own (app-process.ts) so that its memory is its own, the devices
 * seeded from their index (indexedToken: neither the bench nor the FCM process keeps a token), the
 * local FCM server in count-only mode checking every index arrived once. The bar is on the memory
 * the send adds to the app's process: the send path pages its audience (push/send-job.ts claims a
 * chunk at a time by key), so it must not grow with the audience.
 */

export const MILLION_DEVICES = Number(process.env.BENCH_PUSH_MILLION_DEVICES ?? 1_000_000);
const BAR_MB = 200;
/** A send that has not finished by then is reported as it stands (100,000 devices took 16–25 s at load 5–7). */
const GIVE_UP_SECONDS = 600;
/** Setup per dialect: migrations and the seeding (100,000 devices took 3.8 s on SQLite and 2.8 s on PostgreSQL at load 5–7). */
const SETUP_SECONDS = 600;
const MB = 1024 * 1024;
/** How long the app's process may take to close (its job runner, the FCM thread, its stores) before it is killed. */
const APP_STOP_GRACE_MS = 30_000;

const count = MILLION_DEVICES.toLocaleString('en-US');
export const MILLION_TARGETS: Record<Dialect, TargetSpec> = {
  sqlite: { name: `a push to ${count} devices, memory added, SQLite`, requirement: `<= ${BAR_MB} MB` },
  postgres: { name: `a push to ${count} devices, memory added, PostgreSQL`, requirement: `<= ${BAR_MB} MB` },
};

/** Upper bound of one dialect's million row, in seconds. */
export const MILLION_SECONDS_PER_DIALECT = SETUP_SECONDS + GIVE_UP_SECONDS + APP_STOP_GRACE_MS / 1000;

export interface MillionRow {
  dialect: Dialect;
  devices: number;
  seedSeconds: number;
  /** Seconds from the admin's POST to 'sent' (or where it stood when given up). */
  seconds: number;
  state: string;
  sent: number;
  /**
   * The app process's resident memory just before the POST, and its peak during the send (VmHWM,
   * reset before the POST): garbage V8 has not yet collected counts, so this is an upper bound.
   */
  rssBeforeMB: number;
  peakMB: number;
  /**
   * Where the peak was held, in bytes: the committed heaps of the app's main thread, of the FCM senders'
   * thread and of its other threads (SQLite's checkpoints'), each at its own peak during the send, and
   * the main thread's after its full collections; the rest of the resident memory is native (buffers,
   * SQLite's cache, the threads' stacks and code).
   */
  heapPeaks: HeapPeaks;
  /** What the count-only server counted. */
  count: FcmCount;
  /** Every index once, no other token, one content. */
  verified: boolean;
  load: [number, number];
}

/** A field of /proc/<pid>/status in bytes (the kernel writes kB). */
function procStatus(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith(`${field}:`));
  if (!line) throw new Error(`/proc/${pid}/status has no ${field}.`);
  return Number.parseInt(line.slice(field.length + 1), 10) * 1024;
}

/**
 * Resets the process's peak resident size to its current one (clear_refs 5, Linux 4.0+), so VmHWM
 * is the send's peak and not the start's; answers false where that is refused (then the sampled
 * VmRSS and the unreset VmHWM, the larger, is an upper bound).
 */
function resetPeak(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

export async function measureMillion(
  webDist: string,
  fcm: FcmServerProcess,
  databaseUrl?: string,
): Promise<MillionRow> {
  const dialect: Dialect = databaseUrl ? 'postgres' : 'sqlite';
  const setting = newSetting(webDist, databaseUrl);
  const app = forkBenchChild<AppProcessRequest, AppProcessMessage>(
    fileURLToPath(new URL('./app-process.ts', import.meta.url)),
    'push app',
  );
  try {
    process.stdout.write(`  ${dialect}: ${count} devices for the memory row ...`);
    const stores = await openBenchStores(setting, 'push_million');
    const game = stores.game.development;
    const seeding = performance.now();
    await seedIndexedPushDevices(game, MILLION_DEVICES);
    const seedSeconds = (performance.now() - seeding) / 1000;
    process.stdout.write(` seeded in ${seedSeconds.toFixed(1)} s\n`);

    const server = await fcm.start(setting.dataDir, MILLION_DEVICES);
    // The app's process opens the same stores: a stop meanwhile drops them again once it listens (or
    // has died).
    const { origin, publicUrl } = await whileStoresOpen(
      setting,
      app.ask(
        {
          kind: 'start',
          webDist,
          stores: benchStoreOptions(setting, 'push_million'),
          fcm: { ...server, quotaPerMinute: UNBINDING_QUOTA },
        },
        'listening',
      ),
    );
    const authorization = await signUpStaffMember(origin, publicUrl, stores.identity, {
      name: 'bench-admin',
      keys: ['admin'],
    });
    const pid = app.child.pid as number;

    process.stdout.write(`  ${dialect}: one message to ${count} devices through the app in its own process ...`);
    const loadBefore = load();
    const rssBefore = procStatus(pid, 'VmRSS');
    const reset = resetPeak(pid);
    await app.ask({ kind: 'heaps' }, 'heaps');
    let sampled = rssBefore;
    const started = performance.now();
    const messageID = await sendToEveryone(origin, authorization);
    const row = await waitForSent(game, messageID, started + GIVE_UP_SECONDS * 1000, () => {
      sampled = Math.max(sampled, procStatus(pid, 'VmRSS'));
    });
    const seconds = (performance.now() - started) / 1000;
    const peak = reset ? procStatus(pid, 'VmHWM') : Math.max(sampled, procStatus(pid, 'VmHWM'));
    const { peaks: heaps } = await app.ask({ kind: 'heaps' }, 'heaps');
    const loadAfter = load();
    const counted = await fcm.counted();
    const [title, body, data] = JSON.parse(counted.contents[0]?.[0] ?? '[]') as [
      string?,
      string?,
      { messageID?: string }?,
    ];
    const verified =
      row.state === 'sent' &&
      row.sent_count === MILLION_DEVICES &&
      counted.distinct === MILLION_DEVICES &&
      counted.duplicates === 0 &&
      counted.foreign === 0 &&
      counted.contents.length === 1 &&
      title === MESSAGE.title &&
      body === MESSAGE.body &&
      data?.messageID === messageID;
    process.stdout.write(
      ` ${row.state} in ${seconds.toFixed(1)} s, ${((peak - rssBefore) / MB).toFixed(0)} MB added\n`,
    );
    return {
      dialect,
      devices: MILLION_DEVICES,
      seedSeconds,
      seconds,
      state: row.state,
      sent: row.sent_count,
      rssBeforeMB: rssBefore / MB,
      peakMB: peak / MB,
      heapPeaks: heaps,
      count: counted,
      verified,
      load: [loadBefore, loadAfter],
    };
  } finally {
    const { child } = app;
    // Without its channel the process closes by itself (app-process.ts, on 'disconnect'), so nothing is sent
    // then, and a send that fails (the channel closing meanwhile) needs nothing more.
    await stopChild(
      child,
      () => {
        if (child.connected) child.send({ kind: 'exit' } satisfies AppProcessRequest, () => undefined);
      },
      APP_STOP_GRACE_MS,
    );
    await setting.cleanups.run();
  }
}

export function millionTarget(row: MillionRow): TargetResult {
  const spec = MILLION_TARGETS[row.dialect];
  const heaps = row.heapPeaks;
  const mb = (bytes: number) => (bytes / MB).toFixed(0);
  const added = row.peakMB - row.rssBeforeMB;
  const problems = [
    ...(row.state === 'sent' ? [] : [`the message ended ${row.state}`]),
    ...(row.verified
      ? []
      : [
          `the local server did not count every device once (${row.count.distinct} distinct, ` +
            `${row.count.duplicates} repeated, ${row.count.foreign} foreign, ${row.count.contents.length} contents)`,
        ]),
  ];
  return decided(
    spec.name,
    spec.requirement,
    added <= BAR_MB && problems.length === 0,
    `${added.toFixed(0)} MB (${row.rssBeforeMB.toFixed(0)} MB before, peak ${row.peakMB.toFixed(0)} MB; ` +
      `heaps at their peaks: main thread ${mb(heaps.main)} MB ` +
      (heaps.mainLive > 0
        ? `(at most ${mb(heaps.mainLive)} MB live after a full collection), `
        : '(no full collection), ') +
      `FCM thread ${mb(heaps.fcmThread)} MB` +
      (heaps.otherThreads > 0 ? `, other threads ${mb(heaps.otherThreads)} MB` : '') +
      '; ' +
      `sent in ${row.seconds.toFixed(1)} s, seeded in ${row.seedSeconds.toFixed(1)} s; load ${row.load[0].toFixed(2)})` +
      (problems.length > 0 ? `; ${problems.join(', ')}` : ''),
    added,
    BAR_MB,
  );
}
