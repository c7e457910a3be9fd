/*
 * Failures that mean a store (a database, or the rate limits' Redis) cannot be reached or written
 * for now, not that the request or our code is wrong: the answer is 503 with Retry-After (the
 * client tries again), not 500.
 */

/** Node's socket errors on the way to PostgreSQL. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH']);

/** PostgreSQL's SQLSTATEs of a server going away or not taking connections. */
const POSTGRES_STATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** node-postgres's own words when the connection ends under a query, or none can be had in time. */
const POSTGRES_CLIENT_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
];

/**
 * ioredis's errors when Redis (the rate limits' store with REDIS_URL) cannot be reached: a command
 * gave up waiting for a connection, or the connection was closed under it.
 */
const REDIS_ERROR_NAMES = new Set(['MaxRetriesPerRequestError']);
const REDIS_CLIENT_MESSAGES = ['Connection is closed.', "Stream isn't writeable"];

/** better-sqlite3's codes for a store that is locked, full, read-only or failing on disk. */
const SQLITE_CODE = /^SQLITE_(BUSY|LOCKED|FULL|READONLY|IOERR|CANTOPEN)/;

export type StoreTrouble = 'unreachable' | 'full' | 'read-only' | 'busy';

/**
 * Node's file system errors that mean a folder of ours cannot be written for now. EACCES and
 * EPERM count as read-only: the process may no longer write there (a chmod, a chown, an
 * immutable flag), and that is the operator's to fix, not the request's.
 */
const FILE_SYSTEM_TROUBLE: Readonly<Record<string, StoreTrouble>> = {
  EROFS: 'read-only',
  EACCES: 'read-only',
  EPERM: 'read-only',
  ENOSPC: 'full',
  EDQUOT: 'full',
  EIO: 'unreachable',
};

/**
 * A store's failure already known to be trouble of this kind. Raised by a store on files (the
 * local file store), whose errors are Node's plain file system errors: those are wrapped where
 * they come from, so an EACCES elsewhere (a key file, a socket) stays a fault.
 */
export class StoreUnavailableError extends Error {
  readonly trouble: StoreTrouble;

  constructor(trouble: StoreTrouble, message: string, options?: ErrorOptions) {
    super(message, options);
    this.trouble = trouble;
  }
}

/**
 * `error` as a StoreUnavailableError when it is a file system failure of a folder that cannot be
 * written for now; any other error as it is. Its message keeps Node's, which names the path.
 */
export function fileSystemTrouble(error: unknown): unknown {
  const code = (error as { code?: unknown } | undefined)?.code;
  const trouble = typeof code === 'string' ? FILE_SYSTEM_TROUBLE[code] : undefined;
  if (!trouble || !(error instanceof Error)) return error;
  return new StoreUnavailableError(trouble, error.message, { cause: error });
}

/** What keeps a store from answering, when `error` is such a failure; undefined for any other error. */
export function storeTrouble(error: unknown): StoreTrouble | undefined {
  if (!(error instanceof Error)) return undefined;
  if (error instanceof StoreUnavailableError) return error.trouble;
  const { code } = error as { code?: unknown };
  if (typeof code === 'string') {
    if (SOCKET_CODES.has(code) || POSTGRES_STATES.has(code) || code.startsWith('08')) return 'unreachable';
    const sqlite = SQLITE_CODE.exec(code);
    if (sqlite) {
      if (sqlite[1] === 'FULL') return 'full';
      if (sqlite[1] === 'READONLY') return 'read-only';
      if (sqlite[1] === 'BUSY' || sqlite[1] === 'LOCKED') return 'busy';
      return 'unreachable';
    }
  }
  if (REDIS_ERROR_NAMES.has(error.name)) return 'unreachable';
  if ([...POSTGRES_CLIENT_MESSAGES, ...REDIS_CLIENT_MESSAGES].some((words) => error.message.includes(words))) {
    return 'unreachable';
  }
  // A pool or driver may wrap the socket's error.
  return error.cause instanceof Error ? storeTrouble(error.cause) : undefined;
}

/** Seconds a client is told to wait before trying again. */
export const STORE_RETRY_AFTER_SECONDS = 5;

/** The sentence a person reads when a store is in trouble. */
export function storeTroubleMessage(trouble: StoreTrouble): string {
  switch (trouble) {
    case 'full':
      return 'The server has run out of disk space, so nothing can be saved right now. Please try again later.';
    case 'read-only':
      return 'The server cannot save anything right now (its data folder is read-only). Please try again later.';
    default:
      return `The service is briefly unavailable. Please try again in ${STORE_RETRY_AFTER_SECONDS} seconds.`;
  }
}
