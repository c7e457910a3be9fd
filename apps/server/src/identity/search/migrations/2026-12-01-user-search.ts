import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * The user search: one document per account in `user_search`, and over it a full-text index of words (prefix
 * search) and a trigram index (text anywhere, and the candidates of typo matching). The indexes are each
 * dialect's own, so this is where the dialects part: SQLite has FTS5 (unicode61 words, trigrams) kept in step
 * by triggers on the documents; PostgreSQL a generated tsvector and pg_trgm GIN indexes. Triggers on the
 * accounts and profiles keep the documents, so whatever writes an account or renames a player (sign-up,
 * register, the operator CLI, a bulk load) is searchable at once.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  let table = db.schema.createTable('user_search');
  // FTS5's external-content tables name their rows by an integer rowid that VACUUM keeps.
  if (!postgres) table = table.addColumn('id', 'integer', (col) => col.primaryKey());
  await table
    .addColumn('user_id', 'text', (col) => (postgres ? col.primaryKey() : col.notNull().unique()))
    .addColumn('name', 'text')
    .addColumn('email', 'text', (col) => col.notNull())
    .execute();
  // The exact matches, looked up before anything fuzzier.
  await db.schema.createIndex('user_search_name').on('user_search').column('name').execute();
  await db.schema.createIndex('user_search_email').on('user_search').column('email').execute();

  if (postgres) await indexOnPostgres(db);
  else await indexOnSqlite(db);

  await sql`
    insert into user_search (user_id, name, email)
    select auth_users.id, profiles.display_name_key, lower(auth_users.email)
    from auth_users left join profiles on profiles.user_id = auth_users.id
  `.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
async function indexOnSqlite(db: Kysely<any>): Promise<void> {
  // Words as PostgreSQL's side splits them (letters and digits; accents kept), with prefix indexes
  // for the short prefixes people type first.
  await sql`
    create virtual table user_search_words using fts5(
      name, email, content = 'user_search', content_rowid = 'id',
      tokenize = 'unicode61 remove_diacritics 0', prefix = '2 3'
    )
  `.execute(db);
  await sql`
    create virtual table user_search_trigrams using fts5(
      name, email, content = 'user_search', content_rowid = 'id', tokenize = 'trigram'
    )
  `.execute(db);
  for (const index of ['user_search_words', 'user_search_trigrams']) {
    const fts = sql.id(index);
    const remove = sql`insert into ${fts} (${fts}, rowid, name, email) values ('delete', old.id, old.name, old.email);`;
    const add = sql`insert into ${fts} (rowid, name, email) values (new.id, new.name, new.email);`;
    await sql`create trigger ${sql.id(`${index}_insert`)} after insert on user_search begin ${add} end`.execute(db);
    await sql`create trigger ${sql.id(`${index}_delete`)} after delete on user_search begin ${remove} end`.execute(db);
    await sql`create trigger ${sql.id(`${index}_update`)} after update on user_search begin ${remove} ${add} end`.execute(
      db,
    );
  }

  await sql`
    create trigger user_search_account_insert after insert on auth_users begin
      insert into user_search (user_id, name, email)
      values (new.id, (select display_name_key from profiles where user_id = new.id), lower(new.email));
    end
  `.execute(db);
  await sql`
    create trigger user_search_account_email after update of email on auth_users begin
      update user_search set email = lower(new.email) where user_id = new.id;
    end
  `.execute(db);
  await sql`
    create trigger user_search_account_delete after delete on auth_users begin
      delete from user_search where user_id = old.id;
    end
  `.execute(db);
  await sql`
    create trigger user_search_profile_insert after insert on profiles begin
      update user_search set name = new.display_name_key where user_id = new.user_id;
    end
  `.execute(db);
  await sql`
    create trigger user_search_profile_rename after update of display_name, display_name_key on profiles begin
      update user_search set name = new.display_name_key where user_id = new.user_id;
    end
  `.execute(db);
  await sql`
    create trigger user_search_profile_delete after delete on profiles begin
      update user_search set name = null where user_id = old.user_id;
    end
  `.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
async function indexOnPostgres(db: Kysely<any>): Promise<void> {
  // An extension is installed once per database; several stores (and test runs) migrating at
  // once would race to install it, so they take turns. It goes to public, never to this store's
  // schema: dropping a store would otherwise drop it from under every other store.
  await sql`select pg_advisory_xact_lock(hashtext('outpost: create extension pg_trgm'))`.execute(db);
  await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  // Where an operator installed it earlier; the store's search_path names only its own schema.
  const { rows } = await sql<{ schema: string }>`
    select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'
  `.execute(db);
  const trgmSchema = rows[0]?.schema ?? 'public';

  // Words split at anything but letters and digits, as SQLite's side does: an address is words,
  // not one 'email' token as PostgreSQL's parser would make it.
  await sql`
    alter table user_search add column words tsvector generated always as (
      to_tsvector('simple'::regconfig, regexp_replace(coalesce(name, '') || ' ' || email, '[^[:alnum:]]+', ' ', 'g'))
    ) stored
  `.execute(db);
  await sql`create index user_search_words on user_search using gin (words)`.execute(db);
  for (const column of ['name', 'email']) {
    await sql`
      create index ${sql.id(`user_search_${column}_trigrams`)} on user_search
      using gin (${sql.id(column)} ${sql.id(trgmSchema, 'gin_trgm_ops')})
    `.execute(db);
  }

  await sql`
    create function user_search_follow_account() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into user_search (user_id, name, email)
        values (new.id, (select display_name_key from profiles where user_id = new.id), lower(new.email));
      elsif tg_op = 'UPDATE' then
        update user_search set email = lower(new.email) where user_id = new.id;
      else
        delete from user_search where user_id = old.id;
      end if;
      return null;
    end
    $$
  `.execute(db);
  await sql`
    create trigger user_search_follow_account after insert or delete or update of email on auth_users
    for each row execute function user_search_follow_account()
  `.execute(db);
  await sql`
    create function user_search_follow_profile() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        update user_search set name = null where user_id = old.user_id;
      else
        update user_search set name = new.display_name_key where user_id = new.user_id;
      end if;
      return null;
    end
    $$
  `.execute(db);
  await sql`
    create trigger user_search_follow_profile after insert or delete or update of display_name, display_name_key
    on profiles for each row execute function user_search_follow_profile()
  `.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger user_search_follow_account on auth_users`.execute(db);
    await sql`drop trigger user_search_follow_profile on profiles`.execute(db);
    await sql`drop function user_search_follow_account()`.execute(db);
    await sql`drop function user_search_follow_profile()`.execute(db);
  } else {
    for (const trigger of [
      'user_search_account_insert',
      'user_search_account_email',
      'user_search_account_delete',
      'user_search_profile_insert',
      'user_search_profile_rename',
      'user_search_profile_delete',
    ]) {
      await sql`drop trigger ${sql.id(trigger)}`.execute(db);
    }
    await sql`drop table user_search_words`.execute(db);
    await sql`drop table user_search_trigrams`.execute(db);
  }
  await db.schema.dropTable('user_search').execute();
}
