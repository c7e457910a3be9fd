import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * A reward to everyone may be scheduled (docs/decisions/0139-the-calendar.md): two states join its check,
 * 'scheduled' (waiting for its time) and 'cancelled' (called off before it), and `send_at` keeps when it goes:
 * the chosen time, or its send for one sent at once (every row so far). PostgreSQL swaps the check; SQLite
 * cannot alter a check, so the table is built again under the same name, with its rows.
 */

const STATES = sql`state in ('scheduled', 'queued', 'running', 'done', 'failed', 'cancelled')`;
const OLD_STATES = sql`state in ('queued', 'running', 'done', 'failed')`;

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table reward_everyone drop constraint reward_everyone_state_check`.execute(db);
    await sql`alter table reward_everyone add constraint reward_everyone_state_check check (${STATES})`.execute(db);
    await db.schema.alterTable('reward_everyone').addColumn('send_at', 'text').execute();
    await sql`
      update reward_everyone set send_at = reward_distributions.distributed_at
      from reward_distributions where reward_distributions.request_id = reward_everyone.request_id
    `.execute(db);
    await sql`alter table reward_everyone alter column send_at set not null`.execute(db);
  } else {
    await db.schema
      .createTable('reward_everyone_next')
      .addColumn('request_id', 'text', (col) => col.primaryKey().references('reward_distributions.request_id'))
      .addColumn('state', 'text', (col) => col.notNull().check(STATES))
      .addColumn('players_at_send', 'integer', (col) => col.notNull())
      .addColumn('last_user_id', 'text')
      .addColumn('reached', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('started_at', 'text')
      .addColumn('finished_at', 'text')
      .addColumn('last_error', 'text')
      .addColumn('send_at', 'text', (col) => col.notNull())
      .execute();
    await sql`
      insert into reward_everyone_next
        (request_id, state, players_at_send, last_user_id, reached, started_at, finished_at, last_error, send_at)
      select e.request_id, e.state, e.players_at_send, e.last_user_id, e.reached, e.started_at, e.finished_at,
        e.last_error, d.distributed_at
      from reward_everyone e join reward_distributions d on d.request_id = e.request_id
    `.execute(db);
    await db.schema.dropTable('reward_everyone').execute();
    await db.schema.alterTable('reward_everyone_next').renameTo('reward_everyone').execute();
  }
  // The scheduled ones are read by state (the requeue pass, the calendar).
  await db.schema.createIndex('reward_everyone_state').on('reward_everyone').columns(['state', 'send_at']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  // Scheduled and cancelled ones cannot be kept under the old check: they go, with their distributions.
  const gone = (
    await db
      .selectFrom('reward_everyone')
      .select('request_id')
      .where('state', 'in', ['scheduled', 'cancelled'])
      .execute()
  ).map((row: { request_id: string }) => row.request_id);
  if (gone.length > 0) {
    await db.deleteFrom('reward_everyone').where('request_id', 'in', gone).execute();
    await db.deleteFrom('reward_distributions').where('request_id', 'in', gone).execute();
  }
  await db.schema.dropIndex('reward_everyone_state').execute();
  // SQLite keeps the looser check (a check is only changed by building the table again); no row needs it now.
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table reward_everyone drop constraint reward_everyone_state_check`.execute(db);
    await sql`alter table reward_everyone add constraint reward_everyone_state_check check (${OLD_STATES})`.execute(db);
  }
  await db.schema.alterTable('reward_everyone').dropColumn('send_at').execute();
}
