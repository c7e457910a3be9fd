import { IDEMPOTENCY_KEY_TTL_HOURS } from '@outpost/contracts/idempotency';
import type { ExpressionBuilder, Kysely } from 'kysely';
import { type IdempotencyKeyTable, type IdempotencyTables, idempotencyTablesOf } from './tables';

/*
 * The request keys' rows (identity store). A key is taken with one conditional insert, so of
 * several requests with one key, on one instance or many, exactly one carries it out; the others
 * read the row until it holds the first answer.
 */

/** A request that holds a key: whose, which key, and what was asked. */
export interface KeyClaim {
  owner: string;
  key: string;
  route: string;
  fingerprint: string;
}

export interface StoredAnswer {
  status: number;
  type: string;
  body: string;
}

/** What the key's row says about a request that could not take it. */
export type KeyState =
  | { kind: 'answered'; answer: StoredAnswer }
  | { kind: 'other-request' }
  | { kind: 'under-way' }
  | { kind: 'cut-off' }
  /** Pruned or released since the request tried to take it: it may try again. */
  | { kind: 'free' };

const TTL_MS = IDEMPOTENCY_KEY_TTL_HOURS * 3_600_000;

type Row = Pick<
  IdempotencyKeyTable,
  'fingerprint' | 'locked_until' | 'answer_status' | 'answer_type' | 'answer_body' | 'created_at'
>;

function stateOf(row: Row | undefined, claim: KeyClaim, now: Date): KeyState {
  if (!row || Date.parse(row.created_at) <= now.getTime() - TTL_MS) return { kind: 'free' };
  if (row.fingerprint !== claim.fingerprint) return { kind: 'other-request' };
  if (row.answer_status !== null) {
    return {
      kind: 'answered',
      answer: { status: row.answer_status, type: row.answer_type ?? '', body: row.answer_body ?? '' },
    };
  }
  return Date.parse(row.locked_until) > now.getTime() ? { kind: 'under-way' } : { kind: 'cut-off' };
}

/** The key's row while `claim`'s request holds it: taken by it and not answered yet. */
function heldBy(claim: KeyClaim) {
  return (eb: ExpressionBuilder<IdempotencyTables, 'idempotency_keys'>) =>
    eb.and([
      eb('owner', '=', claim.owner),
      eb('key', '=', claim.key),
      eb('fingerprint', '=', claim.fingerprint),
      eb('answer_status', 'is', null),
    ]);
}

export class IdempotencyKeys {
  readonly #db: Kysely<IdempotencyTables>;

  constructor(db: Kysely<IdempotencyTables>) {
    this.#db = db;
  }

  static of<Database extends IdempotencyTables>(db: Kysely<Database>): IdempotencyKeys {
    return new IdempotencyKeys(idempotencyTablesOf(db));
  }

  /**
   * Takes the key for `claim` until `lockedUntil`: true when this request is to carry it out. A
   * row older than the keys' life is a stale key (not yet pruned), taken over as if absent.
   */
  async take(claim: KeyClaim, now: Date, lockedUntil: Date): Promise<boolean> {
    const row = {
      ...claim,
      locked_until: lockedUntil.toISOString(),
      answer_status: null,
      answer_type: null,
      answer_body: null,
      created_at: now.toISOString(),
    };
    const { owner: _owner, key: _key, ...renewed } = row;
    const result = await this.#db
      .insertInto('idempotency_keys')
      .values(row)
      .onConflict((conflict) =>
        conflict
          .columns(['owner', 'key'])
          .doUpdateSet(renewed)
          .where('idempotency_keys.created_at', '<=', new Date(now.getTime() - TTL_MS).toISOString()),
      )
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  /** The state of a key another request holds or held. */
  async read(claim: KeyClaim, now: Date): Promise<KeyState> {
    const row = await this.#db
      .selectFrom('idempotency_keys')
      .select(['fingerprint', 'locked_until', 'answer_status', 'answer_type', 'answer_body', 'created_at'])
      .where('owner', '=', claim.owner)
      .where('key', '=', claim.key)
      .executeTakeFirst();
    return stateOf(row, claim, now);
  }

  /** Keeps the first answer of the request that holds the key. */
  async answer(claim: KeyClaim, answer: StoredAnswer): Promise<void> {
    await this.#db
      .updateTable('idempotency_keys')
      .set({ answer_status: answer.status, answer_type: answer.type, answer_body: answer.body })
      .where(heldBy(claim))
      .execute();
  }

  /** Gives the key back unanswered (the request failed on our side and changed nothing): a retry carries it out. */
  async release(claim: KeyClaim): Promise<void> {
    await this.#db.deleteFrom('idempotency_keys').where(heldBy(claim)).execute();
  }

  /** Forgets the keys past their life; returns how many. */
  async prune(now: Date): Promise<number> {
    const result = await this.#db
      .deleteFrom('idempotency_keys')
      .where('created_at', '<=', new Date(now.getTime() - TTL_MS).toISOString())
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
