import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('reward_distributions')
    .addColumn('request_id', 'text', (col) => col.primaryKey())
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('credits', 'integer', (col) => col.notNull().check(sql`credits >= 0`))
    .addColumn('items', 'text', (col) => col.notNull())
    .addColumn('distributed_at', 'text', (col) => col.notNull())
    .addColumn('distributed_by', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('reward_recipients')
    .addColumn('request_id', 'text', (col) => col.notNull().references('reward_distributions.request_id'))
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('given_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('reward_recipients_pk', ['request_id', 'user_id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('reward_recipients').execute();
  await db.schema.dropTable('reward_distributions').execute();
}
