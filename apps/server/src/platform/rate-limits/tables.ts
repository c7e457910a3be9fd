import type { Kysely } from 'kysely';

/**
 * A route's rate-limit window for one client, shared by every instance on PostgreSQL (identity
 * store). `used` counts what instances have leased from the window, not only what they spent:
 * see DatabaseRateLimitStore.
 */
export interface RateLimitWindowTable {
  /** An HMAC of the route (method and path) and the client's key (address or player id): see databaseRateLimitStore. */
  key: string;
  used: number;
  /** ISO 8601, UTC: the window ends then and the next lease starts a new one. */
  expires_at: string;
}

export interface RateLimitTables {
  rate_limit_windows: RateLimitWindowTable;
}

/** A store holding these tables, as a handle typed for them alone. */
export function rateLimitTablesOf<Database extends RateLimitTables>(db: Kysely<Database>): Kysely<RateLimitTables> {
  // Kysely's handle type cannot be narrowed to some of its tables without a cast (database.ts).
  return db as unknown as Kysely<RateLimitTables>;
}
