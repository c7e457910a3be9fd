import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * PostgreSQL's user search read three GIN indexes (a tsvector of words, trigrams of the name and
 * of the address) and missed its bar over 100,000 accounts. Most of the time went to their pending
 * lists: GIN's fast update parks new entries in an unsorted list, up to 4 MB, that every search
 * reads whole until a vacuum sorts it in, so after a bulk load or a run of sign-ups each search
 * scanned megabytes. The rest went to word prefixes: a tsvector finds `com:*` by merging the lists
 * of every word starting so, and its parser reads "1e0x" as the number 1e0 and a word x, where
 * matching.ts sees one word.
 *
 * Now one trigram index over one column, `words`: the account's words, each after a space.
 * pg_trgm indexes a word's start as trigrams of its own, so `like '% smi%'` finds words starting
 * with "smi" as cheaply as `like '%smi%'` finds it anywhere. Its pending list is kept to 64 kB, the
 * least PostgreSQL allows: a search reads a few pages of it at most, while writes still reach the
 * index in batches (without fast update at all, loading 100,000 accounts took three times as long).
 * SQLite keeps its FTS5 indexes.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
async function trigramOps(db: Kysely<any>) {
  // Where 2026-12-01 found or installed the extension; the store's search_path names only its own schema.
  const { rows } = await sql<{ schema: string }>`
    select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'
  `.execute(db);
  return sql.id(rows[0]?.schema ?? 'public', 'gin_trgm_ops');
}

// biome-ignore lint/suspicious/noExplicitAny: see trigramOps()
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const index of ['user_search_words', 'user_search_name_trigrams', 'user_search_email_trigrams']) {
    await sql`drop index ${sql.id(index)}`.execute(db);
  }
  await sql`alter table user_search drop column words`.execute(db);
  // Words split at anything but letters and digits, as matching.ts splits them.
  await sql`
    alter table user_search add column words text generated always as (
      ' ' || regexp_replace(coalesce(name, '') || ' ' || email, '[^[:alnum:]]+', ' ', 'g')
    ) stored
  `.execute(db);
  await sql`
    create index user_search_words on user_search using gin (words ${await trigramOps(db)}) with (gin_pending_list_limit = 64)
  `.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see trigramOps()
export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop index user_search_words`.execute(db);
  await sql`alter table user_search drop column words`.execute(db);
  await sql`
    alter table user_search add column words tsvector generated always as (
      to_tsvector('simple'::regconfig, regexp_replace(coalesce(name, '') || ' ' || email, '[^[:alnum:]]+', ' ', 'g'))
    ) stored
  `.execute(db);
  await sql`create index user_search_words on user_search using gin (words)`.execute(db);
  const ops = await trigramOps(db);
  for (const column of ['name', 'email']) {
    await sql`
      create index ${sql.id(`user_search_${column}_trigrams`)} on user_search using gin (${sql.id(column)} ${ops})
    `.execute(db);
  }
}
