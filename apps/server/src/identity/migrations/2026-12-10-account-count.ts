import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * The number of accounts, kept in one row: the live stats read it on every refresh, and counting
 * 100,000 accounts took 8 ms on PostgreSQL (a scan of the table), most of the read's 20 ms budget.
 * The auth library writes `auth_users`, so triggers keep the count, whoever inserts or deletes:
 * a row's trigger on SQLite, a statement's (counting its transition table) on PostgreSQL, so a bulk
 * load moves the row once. It starts from the rows already there.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('account_count')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('total', 'bigint', (col) => col.notNull())
    .addCheckConstraint('account_count_one_row', sql`id = 1`)
    .execute();
  await db
    .insertInto('account_count')
    .columns(['id', 'total'])
    .expression(db.selectFrom('auth_users').select([sql.lit(1).as('id'), db.fn.countAll().as('total')]))
    .execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`
      create function account_count_follow() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          update account_count set total = total + (select count(*) from added);
        else
          update account_count set total = total - (select count(*) from removed);
        end if;
        return null;
      end $$
    `.execute(db);
    await sql`create trigger account_count_insert after insert on auth_users
      referencing new table as added for each statement execute function account_count_follow()`.execute(db);
    await sql`create trigger account_count_delete after delete on auth_users
      referencing old table as removed for each statement execute function account_count_follow()`.execute(db);
    return;
  }
  await sql`create trigger account_count_insert after insert on auth_users
    begin update account_count set total = total + 1; end`.execute(db);
  await sql`create trigger account_count_delete after delete on auth_users
    begin update account_count set total = total - 1; end`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const trigger of ['account_count_insert', 'account_count_delete']) {
    await (postgres
      ? sql`drop trigger ${sql.id(trigger)} on auth_users`
      : sql`drop trigger ${sql.id(trigger)}`
    ).execute(db);
  }
  if (postgres) await sql`drop function account_count_follow()`.execute(db);
  await db.schema.dropTable('account_count').execute();
}
