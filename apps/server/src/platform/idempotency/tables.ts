import type { Kysely } from 'kysely';

/**
 * A request key a client sent with a call that spends or claims (identity store, shared by every
 * instance), with the first answer once there is one.
 */
export interface IdempotencyKeyTable {
  /** The user id of the account that sent it. */
  owner: string;
  /** The client's key, as sent. */
  key: string;
  /** The route it was sent to, "METHOD /path" as registered: named in logs and checked on a repeat. */
  route: string;
  /** A SHA-256 of the route and the request's validated parameters, query and body, without the key. */
  fingerprint: string;
  /**
   * ISO 8601, UTC. While no answer is stored, the first request is under way until then; after it,
   * the request was cut off (its instance stopped) and whether it went through is unknown.
   */
  locked_until: string;
  /** The first answer's HTTP status, body and Content-Type; null while it is under way. */
  answer_status: number | null;
  answer_type: string | null;
  answer_body: string | null;
  /** ISO 8601, UTC: the row is kept IDEMPOTENCY_KEY_TTL_HOURS from then. */
  created_at: string;
}

export interface IdempotencyTables {
  idempotency_keys: IdempotencyKeyTable;
}

/** A store holding these tables, as a handle typed for them alone. */
export function idempotencyTablesOf<Database extends IdempotencyTables>(
  db: Kysely<Database>,
): Kysely<IdempotencyTables> {
  // Kysely's handle type cannot be narrowed to some of its tables without a cast (database.ts).
  return db as unknown as Kysely<IdempotencyTables>;
}
