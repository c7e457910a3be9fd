import type { Environment } from '@outpost/contracts/environments';
import type { UserSearchHit, UserSearchResult } from '@outpost/contracts/user-search';
import { type Kysely, PostgresAdapter, type RawBuilder, sql } from 'kysely';
import type { GameDatabase, IdentityDatabase } from '../../stores';
import {
  normalizeQuery,
  type RankedDocument,
  rank,
  type SearchDocument,
  typoBudget,
  typoPieces,
  wordsOf,
} from './matching';

/*
 * The admin user search (spec §7 user-search-{env}). The database narrows the accounts down in
 * steps, best kind of match first, each step only while the hits wanted are not there yet:
 * exact texts (b-tree), words starting with the query's words (full text: FTS5 or tsvector),
 * the query anywhere (trigrams: FTS5 or pg_trgm), then typo candidates, the texts holding a
 * piece of the query (trigrams again), only while fewer accounts than wanted were found.
 * matching.ts then decides and orders, alike on both dialects. A step reads at most about as many
 * accounts as wanted: which of an equally good crowd are shown is not specified, and `more` says
 * to narrow the query.
 */

/** Typo candidates read at most: each gets an edit-distance check in matching.ts. */
const TYPO_CANDIDATES = 200;
/**
 * The start of a long query finds the texts holding it about as well as the whole, and its
 * trigrams are fewer: an address's domain has trigrams most accounts share, which cost most to
 * read. matching.ts still checks the whole query.
 */
const INDEXED_QUERY_CHARS = 12;

type Identity = Kysely<IdentityDatabase>;

function isPostgres(db: Identity): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** A text as an FTS5 string: searched as written (its quotes doubled), never as query syntax. */
function ftsString(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

/** LIKE's pattern for the text anywhere, its wildcards taken literally (ESCAPE '\'). */
function anywhere(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function documents(db: Identity, where: RawBuilder<boolean>, limit: number): Promise<SearchDocument[]> {
  return db
    .selectFrom('user_search')
    .select(['user_search.user_id', 'user_search.name', 'user_search.email'])
    .where(where)
    .limit(limit)
    .execute();
}

/** Documents of an FTS5 index's match on SQLite. */
function sqliteMatches(
  db: Identity,
  index: 'user_search_words' | 'user_search_trigrams',
  match: string,
  limit: number,
) {
  return documents(
    db,
    sql<boolean>`user_search.id in (select rowid from ${sql.table(index)} where ${sql.table(index)} match ${match} limit ${limit})`,
    limit,
  );
}

/** Accounts whose display name or address is the query. */
function exactMatches(db: Identity, query: string, limit: number): Promise<SearchDocument[]> {
  return documents(db, sql<boolean>`(user_search.name = ${query} or user_search.email = ${query})`, limit);
}

/** Accounts with a word starting with each of the query's words. */
function wordMatches(db: Identity, words: readonly string[], limit: number): Promise<SearchDocument[]> {
  if (isPostgres(db)) {
    const tsquery = words.map((word) => `${word}:*`).join(' & ');
    return documents(db, sql<boolean>`user_search.words @@ to_tsquery('simple', ${tsquery})`, limit);
  }
  return sqliteMatches(db, 'user_search_words', words.map((word) => `${ftsString(word)}*`).join(' '), limit);
}

/** Accounts whose display name or address holds any of `parts`. */
function holding(db: Identity, parts: readonly string[], limit: number): Promise<SearchDocument[]> {
  if (isPostgres(db)) {
    const tests = parts.flatMap((part) => {
      const pattern = anywhere(part);
      return [sql`user_search.name like ${pattern} escape '\\'`, sql`user_search.email like ${pattern} escape '\\'`];
    });
    return documents(db, sql<boolean>`(${sql.join(tests, sql` or `)})`, limit);
  }
  return sqliteMatches(db, 'user_search_trigrams', parts.map(ftsString).join(' OR '), limit);
}

export interface RankedUsers {
  query: string;
  ranked: RankedDocument[];
  /** More accounts match than `limit`. */
  more: boolean;
}

/** The accounts matching `query`, best first, at most `limit`. */
export async function findUsers(db: Identity, rawQuery: string, limit: number): Promise<RankedUsers> {
  const query = normalizeQuery(rawQuery);
  const found = new Map<string, SearchDocument>();
  const words = wordsOf(query);
  // The first three steps are cheap and independent: on PostgreSQL they run side by side. The
  // text-anywhere step reads twice as many, as it finds the word matches again.
  const steps = await Promise.all([
    exactMatches(db, query, limit + 1),
    words.length > 0 ? wordMatches(db, words, limit + 1) : [],
    holding(db, [query.slice(0, INDEXED_QUERY_CHARS)], 2 * (limit + 1)),
  ]);
  for (const document of steps.flat()) found.set(document.user_id, document);
  const budget = typoBudget(query);
  if (found.size <= limit && budget > 0) {
    for (const document of await holding(db, typoPieces(query, budget), TYPO_CANDIDATES)) {
      found.set(document.user_id, document);
    }
  }
  const ranked = rank(query, found.values());
  return { query, ranked: ranked.slice(0, limit), more: ranked.length > limit };
}

/** Profiles (display name as typed, keys) of the ranked accounts. */
async function profilesOf(db: Identity, userIds: readonly string[]) {
  const rows = await db
    .selectFrom('auth_users')
    .leftJoin('profiles', 'profiles.user_id', 'auth_users.id')
    .select(['auth_users.id', 'auth_users.email', 'profiles.display_name', 'profiles.keys'])
    .where('auth_users.id', 'in', userIds)
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** Each player's credits, paid merch orders and shared invites in one environment's store. */
async function figuresOf(game: Kysely<GameDatabase>, userIds: readonly string[]) {
  const [balances, orders, invites] = await Promise.all([
    game.selectFrom('credit_balances').select(['user_id', 'balance']).where('user_id', 'in', userIds).execute(),
    game
      .selectFrom('merch_orders')
      .select((eb) => ['user_id', eb.fn.countAll<number | string>().as('count')])
      .where('user_id', 'in', userIds)
      .where('paid_at', 'is not', null)
      .groupBy('user_id')
      .execute(),
    game
      .selectFrom('invites')
      .select((eb) => [
        'source',
        eb.fn.countAll<number | string>().as('shared'),
        eb.fn.sum<number | string>('claimed').as('claimed'),
      ])
      .where('source', 'in', userIds)
      .groupBy('source')
      .execute(),
  ]);
  return {
    credits: new Map(balances.map((row) => [row.user_id, row.balance])),
    merchOrders: new Map(orders.map((row) => [row.user_id, Number(row.count)])),
    invites: new Map(
      invites.map((row) => [row.source, { shared: Number(row.shared), claimed: Number(row.claimed ?? 0) }]),
    ),
  };
}

/** POST /api/admin/:env/user-search: the hits with their profiles and `environment`'s figures. */
export async function searchUsers(
  stores: { identity: Identity; game: Kysely<GameDatabase> },
  environment: Environment,
  input: { query: string; limit: number },
): Promise<UserSearchResult> {
  const { query, ranked, more } = await findUsers(stores.identity, input.query, input.limit);
  const userIds = ranked.map((hit) => hit.document.user_id);
  if (userIds.length === 0) return { environment, query, hits: [], more };
  const [profiles, figures] = await Promise.all([
    profilesOf(stores.identity, userIds),
    figuresOf(stores.game, userIds),
  ]);
  const hits: UserSearchHit[] = [];
  for (const { document, match } of ranked) {
    const profile = profiles.get(document.user_id);
    // An account deleted between the search and this read is no hit.
    if (!profile) continue;
    hits.push({
      profile: { userID: profile.id, displayName: profile.display_name, email: profile.email },
      keys: profile.keys ? (JSON.parse(profile.keys) as string[]) : [],
      match,
      credits: figures.credits.get(profile.id) ?? 0,
      merchOrders: figures.merchOrders.get(profile.id) ?? 0,
      invites: figures.invites.get(profile.id) ?? { shared: 0, claimed: 0 },
    });
  }
  return { environment, query, hits, more };
}
