import {
  type GameEvent,
  type GameEventOf,
  type GameEventType,
  gameEventSchema,
  type IngestBatchResult,
  type IngestRefusal,
  unknownPlayerReason,
} from '@outpost/contracts/game-data';
import type { Kysely } from 'kysely';
import { isAnyOf, selectRows } from '../platform/db/bulk-rows';
import type { GameDatabase, IdentityDatabase } from '../stores';

/*
 * A batch of the game's events (issue 23 point 1), stored in one transaction of the environment's
 * store: each event is checked on its own (its shape, its player's account, what its kind checks),
 * the good ones are marked stored by their id (an id stored before is a duplicate and changes
 * nothing), and each kind stores its new events and moves its aggregates in the same transaction.
 * Kinds work a batch at a time (one statement per table, not per event): a batch of 1,000 events
 * is a handful of statements.
 */

/** An event of the batch that passed its checks, with its place in the batch. */
export interface BatchEvent<Event extends GameEvent = GameEvent> {
  index: number;
  event: Event;
}

/** How a kind of event is checked and stored; a domain brings the kinds it stores (its module's `ingestKinds`). */
export interface IngestKind<Type extends GameEventType = GameEventType> {
  type: Type;
  /** Reasons to refuse some of the batch's events of this kind, by index (an unknown episode), read before any is stored. */
  refuse?(
    db: Kysely<GameDatabase>,
    events: readonly BatchEvent<GameEventOf<Type>>[],
  ): Promise<ReadonlyMap<number, string>>;
  /** Stores the batch's new events of this kind in the batch's transaction, with their aggregates. */
  store(trx: Kysely<GameDatabase>, events: readonly BatchEvent<GameEventOf<Type>>[], now: Date): Promise<void>;
}

/** A kind as the batch sees every kind: the events it is handed are always of its own type. */
export interface AnyIngestKind {
  type: GameEventType;
  refuse?(db: Kysely<GameDatabase>, events: readonly BatchEvent[]): Promise<ReadonlyMap<number, string>>;
  store(trx: Kysely<GameDatabase>, events: readonly BatchEvent[], now: Date): Promise<void>;
}

/** Declares a kind of event; the batch hands it only events of its type. */
export function ingestKind<Type extends GameEventType>(kind: IngestKind<Type>): AnyIngestKind {
  const own = (events: readonly BatchEvent[]) => events as readonly BatchEvent<GameEventOf<Type>>[];
  const { refuse } = kind;
  return {
    type: kind.type,
    ...(refuse ? { refuse: (db, events) => refuse(db, own(events)) } : {}),
    store: (trx, events, now) => kind.store(trx, own(events), now),
  };
}

export interface IngestBatchOptions {
  /** The environment's store. */
  game: Kysely<GameDatabase>;
  /** The accounts, which the events' players are checked against. */
  identity: Kysely<IdentityDatabase>;
  kinds: ReadonlyMap<GameEventType, AnyIngestKind>;
  now?: Date;
}

/** The first problem zod found with an event, as a sentence naming the field. */
function reasonOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  const [issue] = issues;
  if (!issue) return 'This event is not valid.';
  const field = issue.path.map(String).join('.');
  return field && !issue.message.startsWith(field) ? `${field}: ${issue.message}` : issue.message;
}

const idOf = (raw: unknown): string | null =>
  typeof raw === 'object' && raw !== null && typeof (raw as { id?: unknown }).id === 'string'
    ? (raw as { id: string }).id
    : null;

/** The players of `userIDs` that have an account, in one statement (the ids are one parameter). */
async function existingAccounts(identity: Kysely<IdentityDatabase>, userIDs: readonly string[]): Promise<Set<string>> {
  if (userIDs.length === 0) return new Set();
  const rows = await identity
    .selectFrom('auth_users')
    .select('id')
    .where(isAnyOf(identity, 'id', 'text', userIDs))
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** The events by type, each type's in the batch's order. */
function byType(events: readonly BatchEvent[]): Map<GameEventType, BatchEvent[]> {
  const groups = new Map<GameEventType, BatchEvent[]>();
  for (const entry of events) {
    const group = groups.get(entry.event.type);
    if (group) group.push(entry);
    else groups.set(entry.event.type, [entry]);
  }
  return groups;
}

/**
 * Marks checked events stored by their ids and has each kind store its new ones, in the caller's
 * transaction; an id stored before (by another batch, now or earlier: the insert keeps the first)
 * changes nothing. Answers how many were new.
 */
export async function storeEvents(
  trx: Kysely<GameDatabase>,
  events: readonly BatchEvent[],
  kinds: ReadonlyMap<GameEventType, AnyIngestKind>,
  now: Date,
): Promise<number> {
  if (events.length === 0) return 0;
  // Rows in one order (ids sorted here, keys sorted by the kinds, kinds in their fixed order): two
  // batches waiting on each other's rows then always wait in the same direction, never in a circle.
  const receivedAt = now.toISOString();
  const marked = await trx
    .insertInto('ingested_events')
    .columns(['event_id', 'type', 'received_at'])
    .expression(
      selectRows(
        trx,
        { event_id: 'text', type: 'text', received_at: 'text' },
        events
          .map(({ event }) => ({ event_id: event.id, type: event.type, received_at: receivedAt }))
          .sort((a, b) => (a.event_id < b.event_id ? -1 : a.event_id > b.event_id ? 1 : 0)),
      ),
    )
    .onConflict((conflict) => conflict.column('event_id').doNothing())
    .returning('event_id')
    .execute();
  const fresh = new Set(marked.map((row) => row.event_id));
  const storing = byType(events.filter(({ event }) => fresh.has(event.id)));
  for (const [type, kind] of kinds) {
    const group = storing.get(type);
    if (group) await kind.store(trx, group, now);
  }
  return [...storing.values()].reduce((sum, group) => sum + group.length, 0);
}

/** Checks, marks and stores a batch; answers how many events were stored, were duplicates and were refused. */
export async function ingestBatch(
  rawEvents: readonly unknown[],
  options: IngestBatchOptions,
): Promise<IngestBatchResult> {
  const now = options.now ?? new Date();
  const refused: IngestRefusal[] = [];
  const refuse = (index: number, id: string | null, reason: string) => refused.push({ index, id, reason });

  let duplicated = 0;
  const seen = new Set<string>();
  let candidates: BatchEvent[] = [];
  rawEvents.forEach((raw, index) => {
    const parsed = gameEventSchema.safeParse(raw);
    if (!parsed.success) {
      refuse(index, idOf(raw), reasonOf(parsed.error.issues));
      return;
    }
    const event = parsed.data;
    // One form of instant for every kind (UTC, as the stores keep times): each slices its day or hour from it.
    event.at = new Date(event.at).toISOString();
    if (!options.kinds.has(event.type)) {
      refuse(index, event.id, `Events of type ${event.type} are not stored.`);
      return;
    }
    // The same id twice in one batch is the same event sent twice.
    if (seen.has(event.id)) {
      duplicated += 1;
      return;
    }
    seen.add(event.id);
    candidates.push({ index, event });
  });

  const players = [...new Set(candidates.flatMap(({ event }) => ('userID' in event ? [event.userID] : [])))];
  const accounts = await existingAccounts(options.identity, players);
  candidates = candidates.filter(({ index, event }) => {
    if (!('userID' in event) || accounts.has(event.userID)) return true;
    refuse(index, event.id, unknownPlayerReason(event.userID));
    return false;
  });

  for (const [type, events] of byType(candidates)) {
    const reasons = await options.kinds.get(type)?.refuse?.(options.game, events);
    if (!reasons || reasons.size === 0) continue;
    for (const { index, event } of events) {
      const reason = reasons.get(index);
      if (reason !== undefined) refuse(index, event.id, reason);
    }
    candidates = candidates.filter(({ index }) => !reasons.has(index));
  }

  const stored = await options.game.transaction().execute((trx) => storeEvents(trx, candidates, options.kinds, now));
  duplicated += candidates.length - stored;

  refused.sort((a, b) => a.index - b.index);
  return { stored, duplicated, refused };
}
