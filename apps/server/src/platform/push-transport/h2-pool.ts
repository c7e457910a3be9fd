import http2, { type ClientHttp2Session, type ClientHttp2Stream, type OutgoingHttpHeaders } from 'node:http2';

/** An answer as the FCM adapter reads it: the status, the body as text, and Retry-After. */
export interface H2Answer {
  status: number;
  body: string;
  retryAfter: string | null;
}

export interface H2Pool {
  /**
   * Sends one request with `headers` (the pseudo-headers included) and `body`; rejects when its
   * connection fails or no answer came within the pool's timeout. A stream the server refused
   * unprocessed (REFUSED_STREAM, or above a GOAWAY's last stream id) is sent again on another
   * connection, not rejected.
   */
  post(headers: OutgoingHttpHeaders, body: Buffer): Promise<H2Answer>;
}

interface Session {
  h2: ClientHttp2Session;
  /** Streams open on it now. */
  active: number;
  /** The server's SETTINGS_MAX_CONCURRENT_STREAMS, once its SETTINGS came. */
  limit: number;
  ready: boolean;
  /** False once it met a GOAWAY or an error: its streams finish, no new one starts. */
  usable: boolean;
  /** Streams above this id were never processed (the GOAWAY's last stream id). */
  lastStreamId: number;
}

interface Exchange {
  headers: OutgoingHttpHeaders;
  body: Buffer;
  resolve: (answer: H2Answer) => void;
  reject: (error: Error) => void;
  /** The sweep's tick when it was first sent: the timeout covers the whole exchange, resends included. */
  tick: number;
  stream: ClientHttp2Stream | undefined;
  resends: number;
}

export interface H2PoolOptions {
  /** How long an exchange may take, resends included, before it is rejected. */
  timeoutMs: number;
  /**
   * https:// only: the certificate authorities trusted instead of the system's. Tests pass their
   * own; the app never does, so FCM is checked against the system's trust store.
   */
  ca?: string;
}

/** Times one exchange is sent again after its stream was refused unprocessed, before it fails. */
const MAX_RESENDS = 5;
/** The timeout is swept this many times per period: an exchange is cancelled between 1 and 1.1 timeouts. */
const SWEEPS_PER_TIMEOUT = 10;
const { NGHTTP2_REFUSED_STREAM, NGHTTP2_CANCEL } = http2.constants;

/**
 * HTTP/2 to one origin over a few connections: https:// over TLS (ALPN h2), http:// as h2c with
 * prior knowledge (the local FCM server). A stream goes on the first connection with room under
 * the server's advertised stream limit; when all are full another is opened, one at a time, and
 * used once its SETTINGS arrive. The caller bounds the streams in flight (FCM_CONCURRENCY), so the
 * connections are at most that over the server's limit, plus those draining after a GOAWAY.
 * One timer sweeps the exchanges in flight instead of a timer each (decision 0141). Sessions are
 * unreferenced while they carry no stream, so an idle sender keeps no process alive.
 */
export function createH2Pool(origin: string, { timeoutMs, ca }: H2PoolOptions): H2Pool {
  const sessions: Session[] = [];
  const queued: Exchange[] = [];
  const inFlight = new Set<Exchange>();
  let connecting: Session | undefined;
  let tick = 0;
  let sweeper: NodeJS.Timeout | undefined;

  function connect(): Session {
    const h2 = http2.connect(origin, ca === undefined ? {} : { ca });
    const session: Session = { h2, active: 0, limit: 0, ready: false, usable: true, lastStreamId: Infinity };
    h2.on('remoteSettings', (settings) => {
      session.limit = settings.maxConcurrentStreams ?? Number.POSITIVE_INFINITY;
      if (!session.ready) {
        // Held while it connects for the exchanges waiting; from now on, only while it carries one.
        h2.unref();
        session.ready = true;
        if (connecting === session) connecting = undefined;
      }
      dispatch();
    });
    h2.on('goaway', (_code, lastStreamId) => {
      session.usable = false;
      session.lastStreamId = lastStreamId;
      dispatch();
    });
    h2.on('error', (error) => {
      session.usable = false;
      if (!session.ready) {
        // It never carried a stream: the ones waiting for it fail (the adapter retries them).
        for (const exchange of queued.splice(0)) settle(exchange, error);
      }
    });
    h2.on('close', () => {
      session.usable = false;
      sessions.splice(sessions.indexOf(session), 1);
      if (connecting === session) connecting = undefined;
      dispatch();
    });
    sessions.push(session);
    return session;
  }

  function roomy(): Session | undefined {
    for (const session of sessions) {
      if (session.ready && session.usable && session.active < session.limit && !session.h2.closed) return session;
    }
    return undefined;
  }

  function dispatch() {
    while (queued.length > 0) {
      const session = roomy();
      if (!session) {
        connecting ??= connect();
        return;
      }
      start(session, queued.shift() as Exchange);
    }
  }

  function start(session: Session, exchange: Exchange) {
    let stream: ClientHttp2Stream;
    try {
      stream = session.h2.request(exchange.headers);
    } catch {
      // The session closed under us (a GOAWAY being read): another one takes the exchange.
      session.usable = false;
      queued.unshift(exchange);
      return dispatch();
    }
    exchange.stream = stream;
    if (session.active++ === 0) session.h2.ref();
    let status = 0;
    let retryAfter: string | null = null;
    let text = '';
    let failure: Error | undefined;
    stream.setEncoding('utf8');
    stream.on('response', (headers) => {
      status = Number(headers[':status']);
      const value = headers['retry-after'];
      retryAfter = typeof value === 'string' ? value : null;
    });
    stream.on('data', (chunk: string) => {
      text += chunk;
    });
    stream.on('error', (error) => {
      failure = error;
    });
    stream.on('close', () => {
      if (--session.active === 0) session.h2.unref();
      exchange.stream = undefined;
      if (status !== 0 && failure === undefined && stream.rstCode === http2.constants.NGHTTP2_NO_ERROR) {
        settle(exchange, { status, body: text, retryAfter });
      } else if (
        status === 0 &&
        inFlight.has(exchange) &&
        (stream.rstCode === NGHTTP2_REFUSED_STREAM || (stream.id ?? 0) > session.lastStreamId) &&
        exchange.resends < MAX_RESENDS
      ) {
        // Never processed: sending it again can neither lose nor duplicate the push.
        exchange.resends += 1;
        queued.push(exchange);
      } else {
        settle(exchange, failure ?? new Error(`stream closed with code ${stream.rstCode}`));
      }
      dispatch();
    });
    stream.end(exchange.body);
  }

  function settle(exchange: Exchange, outcome: H2Answer | Error) {
    if (!inFlight.delete(exchange)) return;
    if (inFlight.size === 0) {
      clearInterval(sweeper);
      sweeper = undefined;
    }
    if (outcome instanceof Error) exchange.reject(outcome);
    else exchange.resolve(outcome);
  }

  function sweep() {
    tick += 1;
    for (const exchange of inFlight) {
      if (tick - exchange.tick <= SWEEPS_PER_TIMEOUT) continue;
      const queuedAt = queued.indexOf(exchange);
      if (queuedAt >= 0) queued.splice(queuedAt, 1);
      exchange.stream?.close(NGHTTP2_CANCEL);
      settle(exchange, new Error(`no answer within ${timeoutMs} ms`));
    }
  }

  return {
    post(headers, body) {
      return new Promise((resolve, reject) => {
        const exchange: Exchange = { headers, body, resolve, reject, tick, stream: undefined, resends: 0 };
        inFlight.add(exchange);
        if (!sweeper) {
          sweeper = setInterval(sweep, timeoutMs / SWEEPS_PER_TIMEOUT);
          sweeper.unref();
        }
        queued.push(exchange);
        dispatch();
      });
    },
  };
}
