import type { Environment } from '@outpost/contracts/environments';
import type { UserSearchHit, UserSearchResult } from '@outpost/contracts/user-search';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { GameDatabase, IdentityDatabase } from '../../database';
import { isPostgres } from '../../platform/db/dialect';
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
 * The admin user search (docs/product.md §7.7 user-search-{env}). The database narrows the accounts down in
 * steps, best kind of match first: exact texts (b-tree), words starting with the query's words, the query
 * anywhere, then typo candidates, the texts holding a piece of the query, only while no more accounts than
 * wanted were found. matching.ts then decides and orders, alike on both dialects. A step reads at most about
 * as many accounts as wanted: which of an equally good crowd are shown is not specified, and `more` says to
 * narrow the query. The steps are one statement, so a search costs one round trip and one plan; only their
 * tests are the dialect's own: SQLite's FTS5 indexes (words, trigrams), PostgreSQL's pg_trgm index over
 * `words`, the account's words each after a space, which finds the start of a word as well as text anywhere.
 */

/** Typo candidates read at most: each gets an edit-distance check in matching.ts. */
const TYPO_CANDIDATES = 200;
/**
 * The start of a long query finds the texts holding it about as well as the whole, and its
 * trigrams are fewer: an address's domain has trigrams most accounts share, which cost most to
 * read. The whole query is checked after: in the statement on PostgreSQL, in matching.ts on SQLite.
 */
const INDEXED_QUERY_CHARS = 12;

type Identity = Kysely<IdentityDatabase>;
type Test = RawBuilder<boolean>;

/** A text as an FTS5 string: searched as written (its quotes doubled), never as query syntax. */
function ftsString(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

/** LIKE's pattern for the text anywhere, its wildcards taken literally (ESCAPE '\'). */
function anywhere(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** Accounts in an FTS5 index's match on SQLite. */
function inFts(index: 'user_search_words' | 'user_search_trigrams', match: string, limit: number): Test {
  return sql<boolean>`user_search.id in (select rowid from ${sql.table(index)} where ${sql.table(index)} match ${match} limit ${limit})`;
}

/**
 * PostgreSQL: accounts whose words hold `text` read as words, its separators spaces as in the
 * `words` column (so it holds no LIKE wildcard either).
 */
function wordsHolding(text: string): Test {
  return sql<boolean>`user_search.words like '%' || regexp_replace(${text}, '[^[:alnum:]]+', ' ', 'g') || '%'`;
}

/** Accounts whose display name or address is the query. */
function exactTest(query: string): Test {
  return sql<boolean>`(user_search.name = ${query} or user_search.email = ${query})`;
}

/** Accounts with a word starting with each of the query's words. */
function wordTest(postgres: boolean, words: readonly string[], limit: number): Test {
  // A word holds only letters and digits: nothing LIKE or FTS5 reads as syntax.
  if (!postgres) return inFts('user_search_words', words.map((word) => `${ftsString(word)}*`).join(' '), limit);
  const tests = words.map((word) => sql`user_search.words like ${`% ${word}%`}`);
  return sql<boolean>`(${sql.join(tests, sql` and `)})`;
}

/** Accounts whose display name or address holds the query (on SQLite, its start). */
function containsTest(postgres: boolean, query: string, limit: number): Test {
  const indexed = query.slice(0, INDEXED_QUERY_CHARS);
  if (!postgres) return inFts('user_search_trigrams', ftsString(indexed), limit);
  const pattern = anywhere(query);
  return sql<boolean>`(${wordsHolding(indexed)} and (user_search.name like ${pattern} escape '\\' or user_search.email like ${pattern} escape '\\'))`;
}

/** Accounts holding any of `pieces`: the typo candidates. */
function piecesTest(postgres: boolean, pieces: readonly string[], limit: number): Test {
  if (postgres) return sql<boolean>`(${sql.join(pieces.map(wordsHolding), sql` or `)})`;
  return inFts('user_search_trigrams', pieces.map(ftsString).join(' OR '), limit);
}

/** One step, reading no further than `limit` (a subquery: neither dialect limits one arm of a union). */
function step(test: Test, limit: number) {
  return sql`select * from (select user_search.user_id, user_search.name, user_search.email from user_search where ${test} limit ${limit}) as step`;
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
  const postgres = isPostgres(db);
  const words = wordsOf(query);
  // The text-anywhere step reads twice as many, as it finds the word matches again.
  const steps = [
    step(exactTest(query), limit + 1),
    ...(words.length > 0 ? [step(wordTest(postgres, words, limit + 1), limit + 1)] : []),
    step(containsTest(postgres, query, 2 * (limit + 1)), 2 * (limit + 1)),
  ];
  const budget = typoBudget(query);
  // Typos only while no more accounts than wanted were found: a condition of one value, reckoned
  // once, so when it is false the step reads nothing.
  const typos =
    budget > 0
      ? sql`union all ${step(
          sql<boolean>`(select count(distinct found.user_id) from found) <= ${limit} and ${piecesTest(postgres, typoPieces(query, budget), TYPO_CANDIDATES)}`,
          TYPO_CANDIDATES,
        )}`
      : sql``;
  // Materialized: the result and the typo step's count both read it, and SQLite would run it twice.
  const { rows } = await sql<SearchDocument>`
    with found as materialized (${sql.join(steps, sql` union all `)})
    select * from found ${typos}
  `.execute(db);
  const found = new Map(rows.map((document) => [document.user_id, document]));
  const ranked = rank(query, found.values());
  return { query, ranked: ranked.slice(0, limit), more: ranked.length > limit };
}

/** Profiles (display name as typed, keys, when the account was created) of the ranked accounts. */
export async function profilesOf(db: Identity, userIds: readonly string[]) {
  const rows = await db
    .selectFrom('auth_users')
    .leftJoin('profiles', 'profiles.user_id', 'auth_users.id')
    .select(['auth_users.id', 'auth_users.email', 'auth_users.created_at', 'profiles.display_name', 'profiles.keys'])
    .where('auth_users.id', 'in', userIds)
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

type Figure = 'credits' | 'merchOrders' | 'invites';

/**
 * Each player's credits, paid merch orders and shared invites in one environment's store: one
 * statement, one round trip.
 */
async function figuresOf(game: Kysely<GameDatabase>, userIds: readonly string[]) {
  const none = sql<number | string | null>`0`;
  const rows = await game
    .selectFrom('credit_balances')
    .select((eb) => [
      sql<Figure>`'credits'`.as('figure'),
      'user_id',
      eb.ref('balance').$castTo<number | string>().as('count'),
      none.as('claimed'),
    ])
    .where('user_id', 'in', userIds)
    .unionAll(
      game
        .selectFrom('merch_orders')
        .select((eb) => [
          sql<Figure>`'merchOrders'`.as('figure'),
          'user_id',
          eb.fn.countAll<number | string>().as('count'),
          none.as('claimed'),
        ])
        .where('user_id', 'in', userIds)
        .where('paid_at', 'is not', null)
        .groupBy('user_id'),
    )
    .unionAll(
      game
        .selectFrom('invites')
        .select((eb) => [
          sql<Figure>`'invites'`.as('figure'),
          eb.ref('source').as('user_id'),
          eb.fn.countAll<number | string>().as('count'),
          eb.fn.sum<number | string | null>('claimed').as('claimed'),
        ])
        .where('source', 'in', userIds)
        .groupBy('source'),
    )
    .execute();
  const figures = {
    credits: new Map<string, number>(),
    merchOrders: new Map<string, number>(),
    invites: new Map<string, { shared: number; claimed: number }>(),
  };
  for (const row of rows) {
    if (row.figure === 'invites') {
      figures.invites.set(row.user_id, { shared: Number(row.count), claimed: Number(row.claimed ?? 0) });
    } else {
      figures[row.figure].set(row.user_id, Number(row.count));
    }
  }
  return figures;
}

/** A player as the back office shows them: profile, keys and `game`'s figures, without how a search found them. */
export type DescribedUser = Omit<UserSearchHit, 'match'>;

/** The accounts of `userIds` that still exist, each with their profile and the figures of `game`'s environment. */
export async function describeUsers(
  stores: { identity: Identity; game: Kysely<GameDatabase> },
  userIds: readonly string[],
): Promise<Map<string, DescribedUser>> {
  if (userIds.length === 0) return new Map();
  const [profiles, figures] = await Promise.all([
    profilesOf(stores.identity, userIds),
    figuresOf(stores.game, userIds),
  ]);
  const described = new Map<string, DescribedUser>();
  for (const profile of profiles.values()) {
    described.set(profile.id, {
      profile: {
        userID: profile.id,
        displayName: profile.display_name,
        email: profile.email,
        created: new Date(profile.created_at).toISOString(),
      },
      keys: profile.keys ? (JSON.parse(profile.keys) as string[]) : [],
      credits: figures.credits.get(profile.id) ?? 0,
      merchOrders: figures.merchOrders.get(profile.id) ?? 0,
      invites: figures.invites.get(profile.id) ?? { shared: 0, claimed: 0 },
    });
  }
  return described;
}

/** POST /api/admin/:env/user-search: the hits with their profiles and `environment`'s figures. */
export async function searchUsers(
  stores: { identity: Identity; game: Kysely<GameDatabase> },
  environment: Environment,
  input: { query: string; limit: number },
): Promise<UserSearchResult> {
  const { query, ranked, more } = await findUsers(stores.identity, input.query, input.limit);
  const described = await describeUsers(
    stores,
    ranked.map((hit) => hit.document.user_id),
  );
  const hits: UserSearchHit[] = [];
  for (const { document, match } of ranked) {
    const user = described.get(document.user_id);
    // An account deleted between the search and this read is no hit.
    if (user) hits.push({ ...user, match });
  }
  return { environment, query, hits, more };
}
