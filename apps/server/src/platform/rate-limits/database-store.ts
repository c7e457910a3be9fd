import { createHmac } from 'node:crypto';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { type Kysely, sql } from 'kysely';
import { prepareQuery } from '../db/prepared-query';
import type { RateLimitTables } from './tables';

/**
 * A lease asks for at most a sixteenth of what the window has left (so instances share a
 * window's rest fairly and little is stranded on an instance the client left), at least one,
 * and never more than this (a lifted limit may be Number.MAX_SAFE_INTEGER).
 */
const LEASE_SHARE = 16;
const LEASE_CAP = 1_000_000;
/** Windows this instance remembers before it sweeps the ended ones. */
const SWEEP_AT = 10_000;

/** What this instance holds of one client's window on one route. */
interface Pool {
  /** Leased here and not yet spent. */
  tokens: number;
  /** The window's total leased by every instance, as the last lease read it. */
  used: number;
  /** Epoch ms. */
  expiresAt: number;
}

/** What the plugin hands a store: its merged options, with the route for a route's own store. */
interface StoreParams {
  routeInfo?: { method?: string | string[]; url?: string };
}

type Answer = { current: number; ttl: number };

/**
 * Adds `want` to the client's window, or starts a new window with it when the stored one has
 * ended; answers the window's total after the addition. Row locks order concurrent leases, so
 * each lease owns the slice [used - want, used) of the window: what of it lies below the limit
 * is granted, and instances together never grant more than the limit.
 */
const leaseQuery = prepareQuery(
  (db: Kysely<RateLimitTables>, params: { key: string; want: number; now: string; expiresAt: string }) =>
    db
      .insertInto('rate_limit_windows')
      .values({ key: params.key, used: params.want, expires_at: params.expiresAt })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet({
          used: sql<number>`case when rate_limit_windows.expires_at <= ${params.now} then excluded.used else rate_limit_windows.used + excluded.used end`,
          expires_at: sql<string>`case when rate_limit_windows.expires_at <= ${params.now} then excluded.expires_at else rate_limit_windows.expires_at end`,
        }),
      )
      .returning(['used', 'expires_at']),
);

/**
 * @fastify/rate-limit's store for instances sharing one database: a client's budget on a route
 * is one row, and an instance leases slices of it instead of counting each request there. A
 * limit of a few dozen (the usual) leases one request at a time, a round trip per limited call
 * and exact across instances; a large limit leases in bulk and counts locally. Once a lease
 * finds the window spent, the instance refuses that client locally until the window ends, so a
 * flood costs the database nothing.
 */
export function databaseRateLimitStore(
  db: Kysely<RateLimitTables>,
  options: { secret: string; now?: () => number },
): FastifyRateLimitStoreCtor {
  const now = options.now ?? Date.now;
  /*
   * A row's key is an HMAC of the route and the client's key (an address or a player's id) under
   * the deployment's secret, which every instance shares: the table holds no personal data (a
   * deleted account leaves no trace in it, and an address cannot be found by trying them all).
   */
  const rowKey = (key: string) => createHmac('sha256', options.secret).update(key).digest('base64url');
  // One map for every route of the app: its keys start with the route.
  const pools = new Map<string, Pool>();
  let sweepAt = SWEEP_AT;

  const remember = (key: string, pool: Pool) => {
    pools.set(key, pool);
    if (pools.size < sweepAt) return;
    const time = now();
    for (const [stored, { expiresAt }] of pools) if (expiresAt <= time) pools.delete(stored);
    sweepAt = Math.max(SWEEP_AT, pools.size * 2);
  };

  const lease = async (key: string, want: number, windowMs: number, time: number) => {
    const [row] = await leaseQuery(db, {
      key: rowKey(key),
      want,
      now: new Date(time).toISOString(),
      expiresAt: new Date(time + windowMs).toISOString(),
    });
    if (!row) throw new Error('A rate-limit lease returned no row.');
    return { used: Number(row.used), expiresAt: Date.parse(row.expires_at) };
  };

  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    readonly #route: string;

    constructor(params: StoreParams) {
      const { method, url } = params.routeInfo ?? {};
      this.#route = `${[method].flat().join(',')} ${url ?? ''}`;
    }

    child(routeOptions: object): FastifyRateLimitStore {
      return new DatabaseRateLimitStore(routeOptions);
    }

    /** The plugin passes the route's window and limit, resolved for this request. */
    incr(
      clientKey: string,
      callback: (error: Error | null, result?: Answer) => void,
      windowMs?: number,
      max?: number,
    ): void {
      if (windowMs === undefined || max === undefined) {
        callback(new Error('The rate-limit plugin passed no window or limit.'));
        return;
      }
      this.#take(`${this.#route}|${clientKey}`, windowMs, max).then(
        (answer) => callback(null, answer),
        (error: Error) => callback(error),
      );
    }

    async #take(key: string, windowMs: number, max: number): Promise<Answer> {
      const time = now();
      let pool = pools.get(key);
      if (pool && pool.expiresAt <= time) pool = undefined;
      if (!pool || (pool.tokens === 0 && pool.used < max)) {
        const want = Math.min(LEASE_CAP, Math.max(1, Math.floor((max - (pool?.used ?? 0)) / LEASE_SHARE)));
        const leased = await lease(key, want, windowMs, time);
        const granted = Math.min(want, Math.max(0, max - (leased.used - want)));
        // Other requests of this client may have leased meanwhile: what they got adds up.
        pool = pools.get(key);
        if (!pool || leased.expiresAt > pool.expiresAt) {
          pool = { tokens: granted, used: leased.used, expiresAt: leased.expiresAt };
          remember(key, pool);
        } else if (leased.expiresAt === pool.expiresAt) {
          pool.tokens += granted;
          pool.used = Math.max(pool.used, leased.used);
        }
      }
      const ttl = Math.max(0, pool.expiresAt - time);
      if (pool.tokens === 0) return { current: max + 1, ttl };
      pool.tokens -= 1;
      // The plugin reads only current <= max; the client's exact count is not known here.
      return { current: Math.min(max, Math.max(1, pool.used - pool.tokens)), ttl };
    }
  }
  return DatabaseRateLimitStore;
}

/** Forgets windows that ended before `before` (a periodic job). */
export async function pruneRateLimitWindows(db: Kysely<RateLimitTables>, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('rate_limit_windows')
    .where('expires_at', '<', before.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
