import { parentPort, workerData } from 'node:worker_threads';
import { createFcmSenders, REAL_TIME } from './fcm-senders';
import type { FcmThreadData, FromFcmThread, ToFcmThread } from './fcm-thread';
import type { PushLogger } from './outbox';

/*
 * The FCM senders' thread (fcm-thread.ts starts it): every environment's FCM sender runs here,
 * their HTTP/2 connections, gates and retries with them, and answers each send with its outcomes.
 */

if (!parentPort) throw new Error('fcm-worker.ts runs as a worker thread, started by fcm-thread.ts');
const port = parentPort;
const post = (message: FromFcmThread) => port.postMessage(message);
const logger: PushLogger = {
  info: (obj, msg) => post({ type: 'log', level: 'info', obj, msg }),
  warn: (obj, msg) => post({ type: 'log', level: 'warn', obj, msg }),
};
const senders = createFcmSenders((workerData as FcmThreadData).fcm, { logger, time: REAL_TIME });

port.on('message', async (request: ToFcmThread) => {
  try {
    const sender = senders[request.environment];
    if (!sender) throw new Error(`The ${request.environment} environment has no FCM configuration`);
    post({ type: 'outcomes', id: request.id, outcomes: await sender.send(request.tokens, request.message) });
  } catch (error) {
    post({ type: 'failed', id: request.id, message: error instanceof Error ? error.message : String(error) });
  }
});
