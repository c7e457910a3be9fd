import { fileURLToPath } from 'node:url';
import { readServiceAccount, type ServiceAccount } from '../../apps/server/src/platform/push-transport/service-account';
import { forkBenchChild } from '../child-process';
import type { FcmCount, FcmProcessMessage, FcmProcessRequest, FcmReceipt } from './fcm-process';

/** One local FCM server at a time, in its own process, fresh for each measured send. */
export interface FcmServerProcess {
  /** Starts a new server, its service-account key file written into `dir`; answers its API host and the account. */
  start(dir: string, countOnly?: number): Promise<{ apiUrl: string; serviceAccount: ServiceAccount }>;
  /** What the current server received, checked against the message sent; the server closes. */
  report(expected: Extract<FcmProcessRequest, { kind: 'report' }>['expected']): Promise<FcmReceipt>;
  /** What the current count-only server counted; the server closes. */
  counted(): Promise<FcmCount>;
  close(): void;
}

export function startFcmServerProcess(): FcmServerProcess {
  const { child, ask } = forkBenchChild<FcmProcessRequest, FcmProcessMessage>(
    fileURLToPath(new URL('./fcm-process.ts', import.meta.url)),
    'local FCM server',
  );
  return {
    async start(dir, countOnly) {
      const started = await ask(
        { kind: 'start', serviceAccountDir: dir, ...(countOnly ? { countOnly } : {}) },
        'started',
      );
      return { apiUrl: started.apiUrl, serviceAccount: readServiceAccount(started.serviceAccountFile) };
    },
    async report(expected) {
      return (await ask({ kind: 'report', expected }, 'report')).receipt;
    },
    async counted() {
      return (await ask({ kind: 'counted' }, 'counted')).count;
    },
    close() {
      child.send({ kind: 'exit' } satisfies FcmProcessRequest);
    },
  };
}
