import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('reward_everyone')
    .addColumn('request_id', 'text', (col) => col.primaryKey().references('reward_distributions.request_id'))
    .addColumn('state', 'text', (col) => col.notNull().check(sql`state in ('queued', 'running', 'done', 'failed')`))
    .addColumn('players_at_send', 'integer', (col) => col.notNull())
    .addColumn('last_user_id', 'text')
    .addColumn('reached', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('last_error', 'text')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('reward_everyone').execute();
}
