// The capacity bench's virtual players, in a process of their own (the load generator): the server
// must not share its event loop or its CPU time. Driven by the parent over IPC (suite.ts): set up
// once, then one step at a time; streams opened for a step stay open for the next.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { ATTESTATION_HEADER } from '@outpost/contracts/attestation';
import { IDEMPOTENCY_KEY_HEADER } from '@outpost/contracts/idempotency';
import { liveStreamPath } from '@outpost/contracts/live-topics';
import { SITE_CALLABLES } from '@outpost/contracts/site';
import { benchBatch } from '../game-data/events';
import { CHECKOUT_ORDER_BODY, CHECKOUT_PATH } from '../http/checkout';
import { BENCH_MACHINE_ID } from '../http/seed';
import { benchCallers, DEVICE_CALLERS, fetchPath } from '../remote-config/callers';
import { percentile } from '../search/latency';
import { LAUNCH_MIX, type MixEntry, type RequestKind, SHOP_OPEN_SHARE } from './mix';
import {
  type KindFigures,
  type PlayersMessage,
  type PlayersRequest,
  type PlayersSetup,
  SOCKETS_PER_ORIGIN,
  type StepFigures,
} from './protocol';

const REQUEST_TIMEOUT_MS = 10_000;
/** How often the schedule is looked at: arrivals are timed from their scheduled instant, not this tick. */
const TICK_MS = 2;
/** Streams opened at once: a burst of thousands of SYNs would overflow the listen backlog. */
const STREAM_WAVE = 500;
const STREAM_READY_MS = 15_000;
/**
 * A step's new streams open in waves as fast as the server takes them, where a launch's arrive over
 * minutes; the step's measured time starts this long after the last is ready, so it measures the
 * server holding them rather than the tail of their opening (the slowest answers of a step mostly came
 * within its first 0.3 s when it started at once: docs/decisions/0145-how-many-players-one-instance-serves.md).
 */
const STREAMS_SETTLE_MS = 1_000;
const FIRST_ERRORS = 3;
const READ_BUFFER = Buffer.allocUnsafe(64 * 1024);

const SHOP_TOPICS = liveStreamPath(['machines', 'credit-packs', 'drops']);

function report(message: PlayersMessage, then: () => void = () => {}): void {
  process.send?.(message, undefined, undefined, then);
}

/** Player i's own address, as the proxy in front of the instances passes it (TRUST_PROXY=1): rate limits count per player. */
function playerAddress(index: number): string {
  return `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
}

interface Planned {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** The requests of a kind, built per call: player `index`, a fresh request key for a spend. */
function planner(setup: PlayersSetup): (kind: RequestKind, index: number) => Planned {
  const attested = { [ATTESTATION_HEADER]: setup.attestationToken };
  const callers = benchCallers(setup.bearers);
  const redeemed = new Uint8Array(setup.bearers.length);
  let batches = 0;
  const run = `capacity-${process.pid}-${Date.now().toString(36)}`;
  const json = (body: unknown) => JSON.stringify(body);
  return (kind, index) => {
    const player = { authorization: setup.bearers[index] as string };
    const spend = { ...attested, ...player, [IDEMPOTENCY_KEY_HEADER]: randomUUID() };
    switch (kind) {
      case 'landing':
        return {
          method: 'POST',
          path: `/api/callable/${SITE_CALLABLES.signupCount}`,
          headers: attested,
          body: json({ data: null }),
        };
      case 'session':
        return { method: 'GET', path: '/api/auth/me', headers: player };
      case 'shop':
        return { method: 'GET', path: '/api/shop', headers: player };
      case 'merch':
        return { method: 'GET', path: '/api/shop/merch', headers: player };
      case 'spin':
        return { method: 'GET', path: `/api/fn/spin-machine?machineID=${BENCH_MACHINE_ID}`, headers: spend };
      case 'checkout':
        return { method: 'POST', path: CHECKOUT_PATH, headers: spend, body: CHECKOUT_ORDER_BODY };
      case 'redeem': {
        // Each redemption is a code the player has not redeemed yet.
        const code = setup.codes[redeemed[index] ?? 0] ?? setup.codes[0];
        redeemed[index] = Math.min((redeemed[index] ?? 0) + 1, setup.codes.length - 1);
        return { method: 'POST', path: '/api/account/redeem-code', headers: spend, body: json({ code }) };
      }
      case 'remote-config': {
        // Players' callers and devices (not signed in) interleave: the first index + a share of DEVICE_CALLERS.
        const span = Math.min(callers.length, index + 1 + Math.min(index + 1, DEVICE_CALLERS));
        const caller = callers[Math.floor(Math.random() * span)] ?? callers[0];
        const headers: Record<string, string> = caller?.authorization ? { authorization: caller.authorization } : {};
        return { method: 'GET', path: caller ? fetchPath(caller) : '/api/remote-config', headers };
      }
      case 'ingest':
        batches += 1;
        return {
          method: 'POST',
          path: '/api/ingest/development/events',
          headers: { authorization: `Bearer ${setup.ingestKey}` },
          body: json({ events: benchBatch(run, batches) }),
        };
    }
  };
}

class KindStats {
  readonly milliseconds: number[] = [];
  errors = 0;
  readonly statuses: Record<string, number> = {};
  readonly firstErrors: string[] = [];

  constructor(readonly entry: MixEntry) {}

  answered(status: number, ms: number, problem?: string): void {
    this.milliseconds.push(ms);
    this.statuses[status] = (this.statuses[status] ?? 0) + 1;
    if (this.entry.expected.includes(status) && problem === undefined) return;
    this.failed(problem ?? `answered ${status}`);
  }

  failed(problem: string): void {
    this.errors += 1;
    if (this.firstErrors.length < FIRST_ERRORS) this.firstErrors.push(problem);
  }

  figures(): KindFigures {
    // A kind too rare to come up in a step (ingestion with few players) shows 0: NaN does not cross IPC.
    const empty = this.milliseconds.length === 0;
    return {
      kind: this.entry.kind,
      requests: this.milliseconds.length,
      p50Ms: empty ? 0 : percentile(this.milliseconds, 0.5),
      p99Ms: empty ? 0 : percentile(this.milliseconds, 0.99),
      maxMs: this.milliseconds.reduce((max, ms) => Math.max(max, ms), 0),
      errors: this.errors,
      statuses: this.statuses,
      firstErrors: this.firstErrors,
    };
  }
}

interface Origin {
  host: string;
  port: number;
  agent: http.Agent;
}

/** Sends one request; `done` gets the status and, for an unexpected one or an ingestion, the body. */
function send(origin: Origin, planned: Planned, address: string, done: (status: number, body: string) => void) {
  const headers: Record<string, string | number> = { ...planned.headers, 'x-forwarded-for': address };
  if (planned.body !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = Buffer.byteLength(planned.body);
  }
  const request = http.request(
    { host: origin.host, port: origin.port, path: planned.path, method: planned.method, headers, agent: origin.agent },
    (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done(response.statusCode ?? 0, Buffer.concat(chunks).toString()));
      response.on('error', () => done(0, 'the answer broke off'));
    },
  );
  request.setTimeout(REQUEST_TIMEOUT_MS, () => request.destroy(new Error(`no answer in ${REQUEST_TIMEOUT_MS} ms`)));
  request.on('error', (error) => done(0, error.message));
  request.end(planned.body);
}

/** The streams the players with the shop open hold; a stream that closes while held is dropped. */
class Streams {
  readonly #sockets: net.Socket[] = [];
  open = 0;
  failed = 0;
  dropped = 0;
  #closing = false;

  constructor(
    readonly origins: readonly Origin[],
    readonly bearers: readonly string[],
  ) {}

  /** Opens streams until `target` are held, in waves; resolves once each is ready or failed, with how many it opened. */
  async grow(target: number): Promise<number> {
    const from = this.#sockets.length;
    while (this.#sockets.length < target) {
      const wave = Math.min(STREAM_WAVE, target - this.#sockets.length);
      await Promise.all(Array.from({ length: wave }, () => this.#openOne(this.#sockets.length)));
    }
    return this.#sockets.length - from;
  }

  #openOne(index: number): Promise<void> {
    const origin = this.origins[index % this.origins.length] as Origin;
    return new Promise((resolve) => {
      let state: 'opening' | 'open' | 'failed' = 'opening';
      let head = '';
      const fail = () => {
        if (state !== 'opening') return;
        state = 'failed';
        this.failed += 1;
        socket.destroy();
        resolve();
      };
      const timer = setTimeout(fail, STREAM_READY_MS);
      const onOpening = (chunk: Buffer) => {
        // Only the start matters: the status line, then the `ready` event.
        head += chunk.toString('latin1');
        if (!head.startsWith('HTTP/1.1 200')) {
          if (head.includes('\r\n')) fail();
          return;
        }
        if (!head.includes('event: ready')) return;
        state = 'open';
        clearTimeout(timer);
        this.open += 1;
        head = '';
        resolve();
      };
      // Every change fanned out reaches every stream: read into one shared buffer and drop it, as
      // a browser's cost is not the bench's (live/clients.ts reads the same way).
      const onread = {
        buffer: READ_BUFFER,
        callback: (length: number, buffer: Uint8Array) => {
          if (state === 'opening') onOpening(Buffer.from(buffer.buffer, buffer.byteOffset, length));
          return true;
        },
      };
      const socket = net.connect({ host: origin.host, port: origin.port, onread }, () => {
        socket.write(
          `GET ${SHOP_TOPICS} HTTP/1.1\r\nHost: ${origin.host}\r\nAccept: text/event-stream\r\n` +
            `Authorization: ${this.bearers[index]}\r\nX-Forwarded-For: ${playerAddress(index)}\r\n\r\n`,
        );
      });
      this.#sockets.push(socket);
      socket.on('error', fail);
      socket.on('close', () => {
        clearTimeout(timer);
        if (state === 'opening') fail();
        else if (state === 'open' && !this.#closing) {
          this.open -= 1;
          this.dropped += 1;
        }
      });
    });
  }

  close(): void {
    this.#closing = true;
    for (const socket of this.#sockets) socket.destroy();
  }
}

/** Exponentially distributed gap (ms) of a Poisson process of `perSecond`. */
const gapMs = (perSecond: number) => (-Math.log(1 - Math.random()) / perSecond) * 1000;

async function runStep(
  origins: readonly Origin[],
  streams: Streams,
  plan: ReturnType<typeof planner>,
  players: number,
  seconds: number,
): Promise<StepFigures> {
  const streamsFrom = performance.now();
  streams.failed = 0;
  streams.dropped = 0;
  const opened = await streams.grow(Math.round(players * SHOP_OPEN_SHARE));
  const secondsToOpen = (performance.now() - streamsFrom) / 1000;
  if (opened > 0) await new Promise((resolve) => setTimeout(resolve, STREAMS_SETTLE_MS));
  await new Promise<void>((resolve) => report({ kind: 'step-started' }, resolve));

  const stats = new Map(LAUNCH_MIX.map((entry) => [entry.kind, new KindStats(entry)]));
  const start = performance.now();
  const end = start + seconds * 1000;
  const next = new Map(
    LAUNCH_MIX.map((entry) => [entry.kind, start + gapMs((players * entry.perPlayerPerMinute) / 60)]),
  );
  const late: number[] = [];
  let inFlight = 0;
  let drained: () => void = () => {};

  const fire = (entry: MixEntry, at: number) => {
    const index = Math.floor(Math.random() * players);
    const origin = origins[index % origins.length] as Origin;
    const kindStats = stats.get(entry.kind) as KindStats;
    inFlight += 1;
    send(origin, plan(entry.kind, index), playerAddress(index), (status, body) => {
      const ms = performance.now() - at;
      if (status === 0) kindStats.failed(body);
      else if (!entry.expected.includes(status))
        kindStats.answered(status, ms, `answered ${status}: ${body.slice(0, 200)}`);
      else if (entry.kind === 'ingest' && status === 200) {
        const refused = (JSON.parse(body) as { refused?: unknown[] }).refused?.length ?? 0;
        kindStats.answered(status, ms, refused > 0 ? `${refused} events refused: ${body.slice(0, 200)}` : undefined);
      } else kindStats.answered(status, ms);
      inFlight -= 1;
      if (inFlight === 0) drained();
    });
  };

  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      for (const entry of LAUNCH_MIX) {
        const perSecond = (players * entry.perPlayerPerMinute) / 60;
        let at = next.get(entry.kind) as number;
        while (at <= now && at < end) {
          late.push(now - at);
          fire(entry, at);
          at += gapMs(perSecond);
        }
        next.set(entry.kind, at);
      }
      if (now >= end) resolve();
      else setTimeout(tick, TICK_MS);
    };
    tick();
  });
  // What is still in flight is answered within the timeout: its latency counts.
  if (inFlight > 0) await new Promise<void>((resolve) => (drained = resolve));

  return {
    players,
    seconds,
    kinds: LAUNCH_MIX.map((entry) => (stats.get(entry.kind) as KindStats).figures()),
    streams: { open: streams.open, failed: streams.failed, dropped: streams.dropped, secondsToOpen },
    lateP99Ms: late.length === 0 ? 0 : percentile(late, 0.99),
  };
}

let setup: PlayersSetup | undefined;
let origins: Origin[] = [];
let streams: Streams | undefined;
let plan: ReturnType<typeof planner> | undefined;

process.on('message', (raw) => {
  // The parent (suite.ts) is the only sender.
  const request = raw as PlayersRequest;
  if (request.kind === 'setup') {
    setup = request.setup;
    origins = setup.origins.map((origin) => {
      const url = new URL(origin);
      return {
        host: url.hostname,
        port: Number(url.port),
        agent: new http.Agent({ keepAlive: true, maxSockets: SOCKETS_PER_ORIGIN }),
      };
    });
    streams = new Streams(origins, setup.bearers);
    plan = planner(setup);
    report({ kind: 'ready' });
  } else if (request.kind === 'step') {
    if (!setup || !streams || !plan) {
      report({ kind: 'failed', error: 'a step before the setup' });
      return;
    }
    if (request.players > setup.bearers.length) {
      report({ kind: 'failed', error: `${request.players} players asked, ${setup.bearers.length} signed in` });
      return;
    }
    runStep(origins, streams, plan, request.players, request.seconds).then(
      (figures) => report({ kind: 'step-done', figures }),
      (error: unknown) => report({ kind: 'failed', error: String(error) }),
    );
  } else {
    streams?.close();
    for (const origin of origins) origin.agent.destroy();
    process.exit(0);
  }
});

// Without its parent nobody reads the result: stop instead of loading the server on.
process.once('disconnect', () => process.exit(1));
