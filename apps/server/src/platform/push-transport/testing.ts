import http from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { createTestServiceAccount } from '../google-auth/testing';
import { FCM_SCOPE } from './access-token';

// A local stand-in for Google's OAuth2 token endpoint (its service account from google-auth/testing.ts)
// and FCM's HTTP v1 `messages:send` over HTTP/2 (h2c, prior knowledge), speaking both as Google
// documents them, for the adapter's tests and the push bench. Not imported by the app.

const FCM_ERROR_TYPE = 'type.googleapis.com/google.firebase.fcm.v1.FcmError';
const BAD_REQUEST_TYPE = 'type.googleapis.com/google.rpc.BadRequest';

/** How the server answers one send to a token, instead of accepting it. */
export type TestFcmAnswer =
  | { status: 429; retryAfter?: string }
  | { status: 500 | 503 }
  | 'unregistered'
  | 'invalid-token'
  | 'invalid-data';

export interface ReceivedPush {
  token: string;
  title: string;
  body: string;
  data: Record<string, string> | undefined;
  /** The Authorization header the send came with. */
  authorization: string;
}

export interface TestFcmServerOptions {
  projectId?: string;
  /** SETTINGS_MAX_CONCURRENT_STREAMS advertised on each connection (FCM's is 100). */
  maxConcurrentStreams?: number;
  /** A connection is sent GOAWAY once this many streams have opened on it (those opened are answered). */
  goawayAfter?: number;
  /** Past this many sends a minute (from the first send, by `now`), sends are refused 429 QUOTA_EXCEEDED with Retry-After. */
  quotaPerMinute?: number;
  /** The quota's clock (default Date.now); tests share theirs with the sender's. */
  now?: () => number;
  /**
   * Tokens made by `indexedToken` below `capacity` are counted in a bitmap by their index instead
   * of each push being kept (`received` stays empty): a send to a million devices checked in 125 kB.
   */
  countOnly?: { capacity: number };
}

/** What a count-only server received. */
export interface CountedPushes {
  /** Pushes accepted to a token whose index was not yet in the bitmap. */
  distinct: number;
  /** Pushes accepted to a token already counted. */
  duplicates: number;
  /** Pushes accepted to a token that is not an indexed one below the capacity. */
  foreign: number;
  /** Accepted pushes per distinct content (title, body and data as JSON). */
  contents: Map<string, number>;
  /** Whether the token of `index` was received. */
  has(index: number): boolean;
}

export interface TestFcmServer {
  /** The FCM API host (h2c), for FCM_<ENV>_API_URL. */
  apiUrl: string;
  /** The OAuth2 token endpoint (HTTP/1.1, as Google's), named as token_uri in the service account file. */
  tokenUri: string;
  projectId: string;
  clientEmail: string;
  /** Writes a service-account key file for this server's account into `dir`; returns its path. */
  writeServiceAccount(dir: string): string;
  /** Pushes FCM accepted, in the order it accepted them (empty in count-only mode). */
  received: ReceivedPush[];
  /** Count-only mode's tally. */
  counted: CountedPushes;
  /** Every send request per token, accepted or not (empty in count-only mode). */
  attempts: Map<string, number>;
  /** Every send request, accepted or not. */
  totalAttempts: number;
  /** Times (Date.now()) at which each token's sends arrived (empty in count-only mode). */
  arrivals: Map<string, number[]>;
  /** Access tokens the token endpoint issued. */
  issued: string[];
  /** The most sends ever in flight at once, over every connection. */
  maxInFlight: number;
  /** The most streams ever open at once on one connection. */
  maxStreamsPerConnection: number;
  /** HTTP/2 connections accepted. */
  connections: number;
  /** GOAWAYs sent (goawayAfter). */
  goaways: number;
  /** Sends refused 429 by the quota mode. */
  throttled: number;
  /** Lifetime given to the access tokens (seconds; Google gives 3600). */
  expiresIn: number;
  /** How long each send is held before its answer, so overlapping sends can be counted. */
  sendDelayMs: number;
  /** The next sends to `token` get these answers, one each, before it is accepted again. */
  answerNext(token: string, ...answers: TestFcmAnswer[]): void;
  /** Every send to `token` gets this answer. */
  answerAlways(token: string, answer: TestFcmAnswer): void;
  /** Forgets every access token issued so far: their next use is refused with 401. */
  revokeAccessTokens(): void;
  close(): Promise<void>;
}

/** A registration token shaped like FCM's (about 160 characters) that carries its index: what count-only mode counts. */
export function indexedToken(run: string, index: number): string {
  const id = index.toString(36);
  return `${id}.${run}:APA91b${id.padStart(8, '0').repeat(18)}`;
}

function tokenIndex(token: string): number {
  const dot = token.indexOf('.');
  return dot > 0 ? Number.parseInt(token.slice(0, dot), 36) : Number.NaN;
}

interface Answer {
  status: number;
  body: object;
  headers?: Record<string, string>;
}

export async function startTestFcmServer(options: TestFcmServerOptions = {}): Promise<TestFcmServer> {
  const projectId = options.projectId ?? 'outpost-test';
  const now = options.now ?? Date.now;
  const account = createTestServiceAccount({
    projectId,
    clientEmail: `push@${projectId}.iam.gserviceaccount.com`,
    scope: FCM_SCOPE,
    tokenPrefix: 'test',
  });
  const next = new Map<string, TestFcmAnswer[]>();
  const always = new Map<string, TestFcmAnswer>();
  const bitmap = new Uint8Array(Math.ceil((options.countOnly?.capacity ?? 0) / 8));
  const sendPath = `/v1/projects/${projectId}/messages:send`;
  let inFlight = 0;
  let messageCount = 0;
  let quotaStart: number | undefined;
  let quotaWindow = 0;
  let quotaUsed = 0;

  // Google's token endpoint speaks HTTP/1.1 (google-auth-library's client); FCM's API, HTTP/2.
  const tokenServer = http.createServer((request, response) => {
    readBody(request)
      .then((body) => {
        if (request.method === 'POST' && request.url === '/token') {
          const granted = account.grant(body, state.expiresIn);
          return replyHttp1(response, granted.status, granted.body);
        }
        return replyHttp1(response, 404, googleError(404, 'NOT_FOUND', `No route ${request.method} ${request.url}`));
      })
      .catch((error: unknown) => replyHttp1(response, 500, googleError(500, 'INTERNAL', String(error))));
  });

  const fcmServer = http2.createServer({
    settings: { maxConcurrentStreams: options.maxConcurrentStreams ?? 100 },
  });
  const streamsOpen = new WeakMap<http2.ServerHttp2Session, { opened: number; open: number }>();
  fcmServer.on('session', (session) => {
    state.connections += 1;
    streamsOpen.set(session, { opened: 0, open: 0 });
    session.on('error', () => {});
  });
  fcmServer.on('stream', (stream, headers) => {
    const session = stream.session as http2.ServerHttp2Session;
    const streams = streamsOpen.get(session) ?? { opened: 0, open: 0 };
    streams.opened += 1;
    streams.open += 1;
    state.maxStreamsPerConnection = Math.max(state.maxStreamsPerConnection, streams.open);
    stream.on('close', () => {
      streams.open -= 1;
    });
    stream.on('error', () => {});
    if (streams.opened === options.goawayAfter) {
      // Streams up to this one are answered; any the client opened after it are refused unprocessed.
      state.goaways += 1;
      session.goaway(http2.constants.NGHTTP2_NO_ERROR, stream.id ?? 0);
      session.close();
    }
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      answerStream(headers, body)
        .catch((error: unknown): Answer => ({ status: 500, body: googleError(500, 'INTERNAL', String(error)) }))
        .then((answer) => {
          if (stream.destroyed) return;
          stream.respond({
            ':status': answer.status,
            'content-type': 'application/json; charset=UTF-8',
            ...answer.headers,
          });
          stream.end(JSON.stringify(answer.body));
        });
    });
  });

  async function answerStream(headers: http2.IncomingHttpHeaders, body: string): Promise<Answer> {
    const method = headers[':method'];
    const path = headers[':path'];
    if (method !== 'POST' || path !== sendPath) {
      return { status: 404, body: googleError(404, 'NOT_FOUND', `No route ${method} ${path}`) };
    }
    inFlight += 1;
    state.maxInFlight = Math.max(state.maxInFlight, inFlight);
    try {
      if (state.sendDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.sendDelayMs));
      const authorization = headers.authorization ?? '';
      if (!account.authorizes(authorization)) {
        return {
          status: 401,
          body: googleError(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.'),
        };
      }
      return answerSend(body, authorization);
    } finally {
      inFlight -= 1;
    }
  }

  /** The quota mode's answer when this minute's sends are spent. */
  function overQuota(): Answer | undefined {
    if (options.quotaPerMinute === undefined) return undefined;
    const at = now();
    quotaStart ??= at;
    const window = Math.floor((at - quotaStart) / 60_000);
    if (window !== quotaWindow) {
      quotaWindow = window;
      quotaUsed = 0;
    }
    if (quotaUsed < options.quotaPerMinute) {
      quotaUsed += 1;
      return undefined;
    }
    state.throttled += 1;
    const seconds = Math.max(1, Math.ceil((quotaStart + (window + 1) * 60_000 - at) / 1000));
    return {
      status: 429,
      body: fcmError(429, 'RESOURCE_EXHAUSTED', 'QUOTA_EXCEEDED', 'Quota exceeded.'),
      headers: { 'retry-after': String(seconds) },
    };
  }

  function answerSend(text: string, authorization: string): Answer {
    const message = parseMessage(text);
    if (typeof message === 'string') {
      return { status: 400, body: badRequest(message === 'data' ? 'message.data' : 'message', `Invalid ${message}`) };
    }
    state.totalAttempts += 1;
    if (options.countOnly) {
      return overQuota() ?? count(message);
    }
    state.attempts.set(message.token, (state.attempts.get(message.token) ?? 0) + 1);
    state.arrivals.set(message.token, [...(state.arrivals.get(message.token) ?? []), Date.now()]);
    const answer = next.get(message.token)?.shift() ?? always.get(message.token);
    if (answer === undefined) {
      const refused = overQuota();
      if (refused) return refused;
      state.received.push({ ...message, authorization });
      return accepted();
    }
    if (answer === 'unregistered') {
      return { status: 404, body: fcmError(404, 'NOT_FOUND', 'UNREGISTERED', 'Requested entity was not found.') };
    }
    if (answer === 'invalid-token') {
      const text = 'The registration token is not a valid FCM registration token';
      return { status: 400, body: fcmError(400, 'INVALID_ARGUMENT', 'INVALID_ARGUMENT', text) };
    }
    if (answer === 'invalid-data') {
      return { status: 400, body: badRequest('message.data[0].value', "Invalid value at 'message.data[0].value'") };
    }
    if (answer.status === 429) {
      return {
        status: 429,
        body: fcmError(429, 'RESOURCE_EXHAUSTED', 'QUOTA_EXCEEDED', 'Quota exceeded.'),
        headers: answer.retryAfter === undefined ? {} : { 'retry-after': answer.retryAfter },
      };
    }
    const status = answer.status === 503 ? 'UNAVAILABLE' : 'INTERNAL';
    return { status: answer.status, body: fcmError(answer.status, status, status, 'The service is unavailable.') };
  }

  function accepted(): Answer {
    messageCount += 1;
    return { status: 200, body: { name: `projects/${projectId}/messages/${messageCount}` } };
  }

  function count(message: Omit<ReceivedPush, 'authorization'>): Answer {
    const tally = state.counted;
    const index = tokenIndex(message.token);
    if (!(index >= 0 && index < bitmap.length * 8)) tally.foreign += 1;
    else if (tally.has(index)) tally.duplicates += 1;
    else {
      bitmap[index >> 3] = (bitmap[index >> 3] ?? 0) | (1 << (index & 7));
      tally.distinct += 1;
    }
    const content = JSON.stringify([message.title, message.body, message.data ?? null]);
    tally.contents.set(content, (tally.contents.get(content) ?? 0) + 1);
    return accepted();
  }

  await new Promise<void>((resolve) => tokenServer.listen(0, '127.0.0.1', resolve));
  await new Promise<void>((resolve) => fcmServer.listen(0, '127.0.0.1', resolve));
  const tokenOrigin = `http://127.0.0.1:${(tokenServer.address() as AddressInfo).port}`;
  const apiUrl = `http://127.0.0.1:${(fcmServer.address() as AddressInfo).port}`;
  const sessions = new Set<http2.ServerHttp2Session>();
  fcmServer.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  const state: TestFcmServer = {
    apiUrl,
    tokenUri: `${tokenOrigin}/token`,
    projectId,
    clientEmail: account.clientEmail,
    writeServiceAccount: (dir) =>
      account.writeKeyFile(dir, `${projectId}-service-account.json`, `${tokenOrigin}/token`),
    received: [],
    counted: {
      distinct: 0,
      duplicates: 0,
      foreign: 0,
      contents: new Map(),
      has: (index) => ((bitmap[index >> 3] ?? 0) & (1 << (index & 7))) !== 0,
    },
    attempts: new Map(),
    totalAttempts: 0,
    arrivals: new Map(),
    issued: account.issued,
    maxInFlight: 0,
    maxStreamsPerConnection: 0,
    connections: 0,
    goaways: 0,
    throttled: 0,
    expiresIn: 3600,
    sendDelayMs: 0,
    answerNext(token, ...answers) {
      next.set(token, [...(next.get(token) ?? []), ...answers]);
    },
    answerAlways(token, answer) {
      always.set(token, answer);
    },
    revokeAccessTokens: account.revokeAccessTokens,
    close: async () => {
      for (const session of sessions) session.destroy();
      tokenServer.closeAllConnections();
      await Promise.all([
        new Promise<void>((resolve) => tokenServer.close(() => resolve())),
        new Promise<void>((resolve) => fcmServer.close(() => resolve())),
      ]);
    },
  };
  return state;
}

function parseMessage(text: string): Omit<ReceivedPush, 'authorization'> | 'message' | 'data' {
  let json: { message?: { token?: unknown; notification?: { title?: unknown; body?: unknown }; data?: unknown } };
  try {
    json = JSON.parse(text);
  } catch {
    return 'message';
  }
  const message = json.message;
  if (typeof message?.token !== 'string') return 'message';
  const { title, body } = message.notification ?? {};
  if (typeof title !== 'string' || typeof body !== 'string') return 'message';
  const data = message.data;
  if (
    data !== undefined &&
    (typeof data !== 'object' || data === null || Object.values(data).some((v) => typeof v !== 'string'))
  ) {
    return 'data';
  }
  return { token: message.token, title, body, data: data as Record<string, string> | undefined };
}

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function replyHttp1(response: http.ServerResponse, status: number, body: object, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
  response.end(JSON.stringify(body));
}

function googleError(code: number, status: string, message: string, details: object[] = []) {
  return { error: { code, message, status, ...(details.length > 0 ? { details } : {}) } };
}

function fcmError(code: number, status: string, errorCode: string, message: string) {
  return googleError(code, status, message, [{ '@type': FCM_ERROR_TYPE, errorCode }]);
}

function badRequest(field: string, description: string) {
  return googleError(400, 'INVALID_ARGUMENT', description, [
    { '@type': BAD_REQUEST_TYPE, fieldViolations: [{ field, description }] },
  ]);
}
