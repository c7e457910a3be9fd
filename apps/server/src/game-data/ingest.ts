import {
  futureEventReason,
  GAME_EVENT_CLOCK_SKEW_MS,
  type GameEvent,
  type GameEventType,
  gameEventSchema,
  type IngestBatchResult,
  type IngestRefusal,
  unknownPlayerReason,
} from '@outpost/contracts/game-data';
import type { Kysely } from 'kysely';
import type { GameDatabase, IdentityDatabase } from '../database';
import type { AnyGameEventKind, BatchEvent, PlayerReference } from '../domain';
import { missingAccounts } from '../identity/index';
import { selectRows } from '../platform/db/bulk-rows';
import { withTurnsBetweenStatements } from '../platform/db/turns-between-statements';

/*
 * A batch of the game's events, stored in one transaction of the environment's store: each event is checked
 * on its own (its shape, its player's account, what its kind checks), the good ones are marked stored by
 * their id (an id stored before is a duplicate and changes nothing), and each kind stores its new events and
 * moves its aggregates in the same transaction. Kinds work a batch at a time (one statement per table, not
 * per event): a batch of 1,000 events is a handful of statements.
 */

export interface IngestBatchOptions {
  /** The environment's store. */
  game: Kysely<GameDatabase>;
  /** The accounts, which the events' players are checked against. */
  identity: Kysely<IdentityDatabase>;
  kinds: ReadonlyMap<GameEventType, AnyGameEventKind>;
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
 * Marks events stored by their ids, in the caller's transaction; answers the ids that were new (an
 * id stored before, by another batch now or earlier, is not: the insert keeps the first).
 */
async function markStored(trx: Kysely<GameDatabase>, events: readonly BatchEvent[], now: Date): Promise<Set<string>> {
  if (events.length === 0) return new Set();
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
  return new Set(marked.map((row) => row.event_id));
}

/** Has each kind store its new events of the batch, in the caller's transaction. */
async function storeKinds(
  trx: Kysely<GameDatabase>,
  events: readonly BatchEvent[],
  kinds: ReadonlyMap<GameEventType, AnyGameEventKind>,
  now: Date,
): Promise<void> {
  const storing = byType(events);
  for (const [type, kind] of kinds) {
    const group = storing.get(type);
    if (group) await kind.store(trx, group, now);
  }
}

/**
 * Marks checked events stored and has each kind store the new ones, in the caller's transaction;
 * an id stored before changes nothing. Answers how many were new.
 */
export async function storeEvents(
  trx: Kysely<GameDatabase>,
  events: readonly BatchEvent[],
  kinds: ReadonlyMap<GameEventType, AnyGameEventKind>,
  now: Date,
): Promise<number> {
  const fresh = await markStored(trx, events, now);
  const storing = events.filter(({ event }) => fresh.has(event.id));
  await storeKinds(trx, storing, kinds, now);
  return storing.length;
}

/**
 * Reads each event on its own: the good ones, in the batch's order, and the refusals of the others.
 * An event dated ahead of `now` by more than a game server's clock may drift has not happened yet:
 * stored, it would count a player active or a day played before their time.
 */
function parseBatch(rawEvents: readonly unknown[], kinds: IngestBatchOptions['kinds'], now: Date) {
  const refused: IngestRefusal[] = [];
  let duplicated = 0;
  const seen = new Set<string>();
  const events: BatchEvent[] = [];
  rawEvents.forEach((raw, index) => {
    const parsed = gameEventSchema.safeParse(raw);
    if (!parsed.success) {
      refused.push({ index, id: idOf(raw), reason: reasonOf(parsed.error.issues) });
      return;
    }
    const event = parsed.data;
    // One form of instant for every kind (UTC, as the stores keep times): each slices its day or hour from it.
    event.at = new Date(event.at).toISOString();
    if (Date.parse(event.at) > now.getTime() + GAME_EVENT_CLOCK_SKEW_MS) {
      refused.push({ index, id: event.id, reason: futureEventReason(event.at, now) });
      return;
    }
    if (!kinds.has(event.type)) {
      refused.push({ index, id: event.id, reason: `Events of type ${event.type} are not stored.` });
      return;
    }
    // The same id twice in one batch is the same event sent twice.
    if (seen.has(event.id)) {
      duplicated += 1;
      return;
    }
    seen.add(event.id);
    events.push({ index, event });
  });
  return { events, refused, duplicated };
}

/** Every player an event names: its userID, and those its kind names besides (a report's reporter). */
function playersOf(event: GameEvent, kinds: IngestBatchOptions['kinds']): PlayerReference[] {
  return [
    ...('userID' in event ? [{ field: 'userID', userID: event.userID }] : []),
    ...(kinds.get(event.type)?.players?.(event) ?? []),
  ];
}

/**
 * Why events of the batch are refused, by index: a player without an account (asked of the
 * identity store), then what each kind refuses (an unknown item, an unknown episode); all asked at
 * once. The players are asked in order, so the lookups walk the accounts' index forwards.
 */
async function refusalsOf(events: readonly BatchEvent[], options: IngestBatchOptions): Promise<Map<number, string>> {
  const named = events.map(({ index, event }) => ({ index, players: playersOf(event, options.kinds) }));
  const players = [...new Set(named.flatMap((entry) => entry.players.map((player) => player.userID)))].sort();
  const [unknownPlayers, ...kindReasons] = await Promise.all([
    missingAccounts(options.identity, players),
    ...[...byType(events)].map(
      ([type, group]) => options.kinds.get(type)?.refuse?.(options.game, group) ?? new Map<number, string>(),
    ),
  ]);
  const unknown = new Set(unknownPlayers);
  const reasons = new Map<number, string>();
  for (const { index, players: references } of named) {
    const missing = references.find((player) => unknown.has(player.userID));
    if (missing) reasons.set(index, unknownPlayerReason(missing.userID, missing.field));
  }
  for (const kindReason of kindReasons) {
    for (const [index, reason] of kindReason) if (!reasons.has(index)) reasons.set(index, reason);
  }
  return reasons;
}

/**
 * Checks, marks and stores a batch; answers how many events were stored, were duplicates and were
 * refused. The checks (the players' accounts, each kind's) are asked on other connections while
 * the batch's ids are marked in the game store's transaction (on PostgreSQL they run at once: the
 * lookups of 1,000 players cost as much as the marking); the marks of the events refused are taken
 * back before anything is stored, so a refused event sent again later, once its player exists, is
 * stored then.
 */
export async function ingestBatch(
  rawEvents: readonly unknown[],
  options: IngestBatchOptions,
): Promise<IngestBatchResult> {
  const now = options.now ?? new Date();
  const { events: candidates, refused, duplicated } = parseBatch(rawEvents, options.kinds, now);
  const checks = refusalsOf(candidates, options);
  // Awaited in the transaction; one that fails first must not leave this rejection unhandled.
  checks.catch(() => undefined);

  const { stored, accepted } = await options.game.transaction().execute(async (transaction) => {
    // A batch's statements take 40–60 ms on SQLite; the back office's reads go between them.
    const trx = withTurnsBetweenStatements<GameDatabase>(transaction);
    const fresh = await markStored(trx, candidates, now);
    const reasons = await checks;
    const checked = candidates.filter(({ index, event }) => {
      const reason = reasons.get(index);
      if (reason === undefined) return true;
      refused.push({ index, id: event.id, reason });
      return false;
    });
    const takenBack = candidates.flatMap(({ index, event }) =>
      fresh.has(event.id) && reasons.has(index) ? [event.id] : [],
    );
    if (takenBack.length > 0) await trx.deleteFrom('ingested_events').where('event_id', 'in', takenBack).execute();
    const storing = checked.filter(({ event }) => fresh.has(event.id));
    await storeKinds(trx, storing, options.kinds, now);
    return { stored: storing.length, accepted: checked.length };
  });

  refused.sort((a, b) => a.index - b.index);
  return { stored, duplicated: duplicated + accepted - stored, refused };
}
