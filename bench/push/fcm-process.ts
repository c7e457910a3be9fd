// The push bench's FCM: the tests' local server (platform/push-transport/testing.ts, Google's token endpoint
// and messages:send) in a process of its own, so the CPU it spends answering is not the app's.
// Driven by the parent over IPC (fcm-server.ts): one fresh server per measured send.
import { createHash } from 'node:crypto';
import { startTestFcmServer, type TestFcmServer } from '../../apps/server/src/platform/push-transport/testing';

export type FcmProcessRequest =
  /** `countOnly`: the server counts indexedToken tokens below it in a bitmap (testing.ts) instead of keeping each push. */
  | { kind: 'start'; serviceAccountDir: string; countOnly?: number }
  /** What a count-only server counted; then it closes. */
  | { kind: 'counted' }
  /** What the current server received, checked against the message the parent sent; then it closes. */
  | { kind: 'report'; expected: { title: string; body: string; messageID: string | null } }
  | { kind: 'exit' };

/** What the server received of one send, in a few numbers (100,000 tokens are not shipped back). */
export interface FcmReceipt {
  /** Pushes accepted, and how many distinct tokens they went to. */
  received: number;
  distinctTokens: number;
  /** messages:send requests, accepted or not (a retry is one more). */
  attempts: number;
  /** SHA-256 of the distinct tokens sorted and joined by new lines: the parent compares its own. */
  tokensDigest: string;
  /** Pushes whose title, body or data.messageID differ from the message sent. */
  wrongContent: number;
  maxInFlight: number;
  /** The server process's CPU time while this server ran (user + system), in ms. */
  cpuMs: number;
}

/** What a count-only server received: distinct indexes, repeats, others, and pushes per content. */
export interface FcmCount {
  distinct: number;
  duplicates: number;
  foreign: number;
  /** Accepted pushes per distinct content ([title, body, data] as JSON). */
  contents: [string, number][];
}

export type FcmProcessMessage =
  | { kind: 'started'; apiUrl: string; serviceAccountFile: string }
  | { kind: 'report'; receipt: FcmReceipt }
  | { kind: 'counted'; count: FcmCount };

/** The same digest on both sides: what the server received and what the parent meant to reach. */
export function tokensDigest(tokens: Iterable<string>): string {
  const hash = createHash('sha256');
  for (const token of [...tokens].sort()) hash.update(`${token}\n`);
  return hash.digest('hex');
}

let server: TestFcmServer | undefined;
let cpuAtStart = process.cpuUsage();

const send = (message: FcmProcessMessage) => process.send?.(message);

function receipt(expected: Extract<FcmProcessRequest, { kind: 'report' }>['expected']): FcmReceipt {
  if (!server) throw new Error('No FCM server is running.');
  const cpu = process.cpuUsage(cpuAtStart);
  const tokens = new Set(server.received.map((push) => push.token));
  const wrongContent = server.received.filter(
    (push) =>
      push.title !== expected.title ||
      push.body !== expected.body ||
      (push.data?.messageID ?? null) !== expected.messageID,
  ).length;
  return {
    received: server.received.length,
    distinctTokens: tokens.size,
    attempts: [...server.attempts.values()].reduce((sum, count) => sum + count, 0),
    tokensDigest: tokensDigest(tokens),
    wrongContent,
    maxInFlight: server.maxInFlight,
    cpuMs: (cpu.user + cpu.system) / 1000,
  };
}

process.on('message', async (raw) => {
  const request = raw as FcmProcessRequest;
  if (request.kind === 'start') {
    server = await startTestFcmServer({
      projectId: 'outpost-bench',
      ...(request.countOnly ? { countOnly: { capacity: request.countOnly } } : {}),
    });
    cpuAtStart = process.cpuUsage();
    send({
      kind: 'started',
      apiUrl: server.apiUrl,
      serviceAccountFile: server.writeServiceAccount(request.serviceAccountDir),
    });
  } else if (request.kind === 'report') {
    const answer = receipt(request.expected);
    await server?.close();
    server = undefined;
    send({ kind: 'report', receipt: answer });
  } else if (request.kind === 'counted') {
    if (!server) throw new Error('No FCM server is running.');
    const { distinct, duplicates, foreign, contents } = server.counted;
    await server.close();
    server = undefined;
    send({ kind: 'counted', count: { distinct, duplicates, foreign, contents: [...contents] } });
  } else {
    await server?.close();
    process.exit(0);
  }
});

// Without its parent nobody reads the result.
process.once('disconnect', () => process.exit(1));
