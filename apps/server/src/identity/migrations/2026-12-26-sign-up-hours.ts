import { type Kysely, PostgresAdapter, type RawBuilder, sql } from 'kysely';

/**
 * The accounts made in each hour (UTC, `YYYY-MM-DDTHH`), for the live stats' sign-ups chart: grouping
 * 100,000 accounts by their hour or day sorted them all on every read. Kept as account_count is (migration
 * 2026-12-10-account-count): the auth library writes `auth_users`, so triggers keep the count, whoever
 * inserts, deletes or moves an account's created_at (partners/testing.ts backdates one), and the chart stays
 * "accounts that exist, by when they were made". Row triggers on SQLite; on PostgreSQL statement triggers
 * over the transition tables, adding each hour's net change in hour order (two bulk loads lock alike).
 * It starts from the rows already there.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sign_up_hours')
    .addColumn('hour', 'text', (col) => col.primaryKey())
    .addColumn('accounts', 'bigint', (col) => col.notNull())
    .execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const hourOf = sql`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24')`;
    await sql`insert into sign_up_hours (hour, accounts)
      select ${hourOf}, count(*) from auth_users group by 1`.execute(db);
    /** Adds the accounts `moved` holds ((created_at, +1 or -1) rows) to their hours. */
    const add = (moved: RawBuilder<unknown>) => sql`
      insert into sign_up_hours (hour, accounts)
        select ${hourOf}, sum(n) from (${moved}) as moved group by 1 having sum(n) <> 0 order by 1
        on conflict (hour) do update set accounts = sign_up_hours.accounts + excluded.accounts;`;
    await sql`
      create function sign_up_hours_follow() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          ${add(sql`select created_at, 1 as n from added`)}
        elsif tg_op = 'DELETE' then
          ${add(sql`select created_at, -1 as n from removed`)}
        else
          ${add(sql`select created_at, 1 as n from added union all select created_at, -1 as n from removed`)}
        end if;
        return null;
      end $$
    `.execute(db);
    await sql`create trigger sign_up_hours_insert after insert on auth_users
      referencing new table as added for each statement execute function sign_up_hours_follow()`.execute(db);
    await sql`create trigger sign_up_hours_delete after delete on auth_users
      referencing old table as removed for each statement execute function sign_up_hours_follow()`.execute(db);
    await sql`create trigger sign_up_hours_update after update on auth_users
      referencing old table as removed new table as added
      for each statement execute function sign_up_hours_follow()`.execute(db);
    return;
  }
  await sql`insert into sign_up_hours (hour, accounts)
    select substr(created_at, 1, 13), count(*) from auth_users group by 1`.execute(db);
  const add = (row: 'new' | 'old', n: 1 | -1) => sql`
    insert into sign_up_hours (hour, accounts) values (substr(${sql.raw(row)}.created_at, 1, 13), ${sql.lit(n)})
      on conflict (hour) do update set accounts = accounts + excluded.accounts;`;
  await sql`create trigger sign_up_hours_insert after insert on auth_users begin ${add('new', 1)} end`.execute(db);
  await sql`create trigger sign_up_hours_delete after delete on auth_users begin ${add('old', -1)} end`.execute(db);
  await sql`create trigger sign_up_hours_update after update of created_at on auth_users
    when substr(old.created_at, 1, 13) is not substr(new.created_at, 1, 13)
    begin ${add('old', -1)} ${add('new', 1)} end`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const trigger of ['sign_up_hours_insert', 'sign_up_hours_delete', 'sign_up_hours_update']) {
    await (postgres
      ? sql`drop trigger ${sql.id(trigger)} on auth_users`
      : sql`drop trigger ${sql.id(trigger)}`
    ).execute(db);
  }
  if (postgres) await sql`drop function sign_up_hours_follow()`.execute(db);
  await db.schema.dropTable('sign_up_hours').execute();
}
