import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pino from 'pino';
import { loggableUrl } from './log-redaction';

/*
 * One line per served request at `info`: method, masked URL, client address, status and time, with the
 * request id its other lines carry. Fastify's own request logging wrote two lines through a per-request child
 * logger; this writes one, as the app's logger would write `log.info({ reqId, req, res, responseTime },
 * 'request completed')`, byte for byte (a test compares it with pino's own line), but cheaper
 * (docs/decisions/0026-access-lines.md):
 * - the answer's fields are noted when it is sent, and the lines are put together and handed to
 *   the logger's destination after the event loop's current phase, all the answers of that phase
 *   in one go (one line per write, as pino writes);
 * - a line is put together by hand from pino's own pieces (the level's prefix, the time, the
 *   logger's bindings, the message key and the line's end), so it follows the logger's settings,
 *   where pino's general path walks the object, runs its serializers and stringifies each value.
 * At the cost of the request path this halved an access line's (about 26 → 13 µs of CPU); a
 * line's `time` is still when its answer was sent. What is noted and not yet written is written
 * when the app closes. A stream (GET /api/live) has no line: its reply is hijacked and never
 * "completes".
 */

/** The levels at which `info` lines are written. */
const WRITES_INFO = new Set(['info', 'debug', 'trace']);

/** What an access line records of an answered request. */
export interface AnsweredRequest {
  /** pino's time field for when the answer was sent, e.g. `,"time":1795977137054`. */
  time: string;
  reqId: string;
  method: string;
  url: string;
  /** The client's address; absent when its socket is already gone. */
  ip: string | undefined;
  statusCode: number;
  responseTime: number;
}

/** The parts of pino's logger a line is made of; read through pino's exported symbols. */
interface PinoLineParts {
  [pino.symbols.lsCacheSym]: Record<number, string>;
  [pino.symbols.timeSym]: () => string;
  [pino.symbols.chindingsSym]: string;
  [pino.symbols.messageKeySym]: string;
  [pino.symbols.endSym]: string;
  [pino.symbols.streamSym]: pino.DestinationStream;
  levels: pino.LevelMapping;
}

/** A pino logger whose line parts have been checked once (accessLoggerOf), so each line need not. */
export type AccessLogger = pino.Logger & PinoLineParts;

export function accessLoggerOf(logger: FastifyBaseLogger): AccessLogger {
  const parts = logger as Partial<PinoLineParts>;
  if (typeof parts[pino.symbols.lsCacheSym] !== 'object' || typeof parts[pino.symbols.timeSym] !== 'function') {
    throw new Error('The access log writes through a pino logger (app.ts configures one).');
  }
  return logger as AccessLogger;
}

/** The logger's destination; one that routes lines by pino's metadata (a multistream) would misroute ours. */
function destinationOf(logger: AccessLogger): pino.DestinationStream {
  const destination = logger[pino.symbols.streamSym] as pino.DestinationStreamWithMetadata;
  if (destination[pino.symbols.needsMetadataGsym]) {
    throw new Error(
      'The access log writes its lines itself: a destination that needs pino’s metadata is not supported.',
    );
  }
  return destination;
}

const str = JSON.stringify;

/**
 * The access line pino would write for `answered` at `info` through `logger` (its `req`
 * serializer is log-redaction.ts's serializeRequest: method, masked address, client address).
 */
export function accessLine(logger: AccessLogger, answered: AnsweredRequest): string {
  const client = answered.ip === undefined ? '' : `,"remoteAddress":${str(answered.ip)}`;
  return (
    `${logger[pino.symbols.lsCacheSym][logger.levels.values.info as number]}${answered.time}` +
    `${logger[pino.symbols.chindingsSym]},"reqId":${str(answered.reqId)}` +
    `,"req":{"method":${str(answered.method)},"url":${str(loggableUrl(answered.url))}${client}}` +
    `,"res":{"statusCode":${answered.statusCode}},"responseTime":${str(answered.responseTime)}` +
    `,${str(logger[pino.symbols.messageKeySym])}:"request completed"${logger[pino.symbols.endSym]}`
  );
}

export function registerAccessLog(app: FastifyInstance): void {
  const logger = accessLoggerOf(app.log);
  let noted: AnsweredRequest[] = [];
  // Once the app closes, a response that finishes after it (a connection the close swept) is written
  // at once: the process may exit before a deferred write would run.
  let closed = false;
  const destination = destinationOf(logger);
  const write = () => {
    const lines = noted;
    noted = [];
    for (const answered of lines) destination.write(accessLine(logger, answered));
  };
  app.addHook('onResponse', (request, reply, done) => {
    if (WRITES_INFO.has(logger.level)) {
      if (noted.length === 0 && !closed) setImmediate(write);
      noted.push({
        time: logger[pino.symbols.timeSym](),
        reqId: request.id,
        method: request.method,
        url: request.url,
        ip: request.ip,
        statusCode: reply.statusCode,
        responseTime: reply.elapsedTime,
      });
      if (closed) write();
    }
    done();
  });
  app.addHook('onClose', (_app, done) => {
    closed = true;
    write();
    done();
  });
}
