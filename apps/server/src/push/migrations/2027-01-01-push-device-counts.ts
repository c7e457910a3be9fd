import { type Kysely, type RawBuilder, sql } from 'kysely';
import { isPostgres } from '../../platform/db/dialect';

/*
 * The players holding a push device and how many devices they hold, and the totals of both, kept by the
 * store as devices are written: the composer's audience of everyone counted 78,000 devices and their
 * distinct players at every request (docs/decisions/0154-push-audience-totals.md).
 *
 * push_device_players holds a row per player with a device: a statement that moves devices adds to its
 * players' rows in player order (so two writers lock the players they share in one order), and a row
 * that falls to no device is deleted in the same transaction. A player joined when their row's count is
 * what the statement added, and left when it is none.
 *
 * push_device_totals holds changes whose sums are the totals. On PostgreSQL each statement that moves a
 * count appends one row, so no writer of devices queues behind another's open transaction for a totals
 * row; a periodic job folds the rows into one (device-totals.ts). SQLite's one writer never waits: its
 * triggers move the table's first row.
 */

const PLAYERS = sql.table('push_device_players');
const TOTALS = sql.table('push_device_totals');
const TRIGGERS = ['insert', 'delete', 'update'].map((op) => `push_device_counts_${op}`);

/** PostgreSQL's body for a statement whose devices in and out are `moved` (columns user_id, n: 1 in, -1 out). */
function followMoved(moved: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`
    with moved as (
      select user_id, sum(n)::integer as n from (${moved}) as m group by user_id having sum(n) <> 0
    ),
    kept as (
      insert into ${PLAYERS} (user_id, devices)
      select user_id, n from moved order by user_id
      on conflict (user_id) do update set devices = push_device_players.devices + excluded.devices
      returning user_id, devices
    )
    select count(*) filter (where moved.n > 0 and kept.devices = moved.n),
      count(*) filter (where kept.devices <= 0),
      coalesce(sum(moved.n), 0)
    into players_in, players_out, devices_moved
    from kept join moved using (user_id);
    if players_out > 0 then
      delete from ${PLAYERS} where devices <= 0 and user_id in (select user_id from (${moved}) as m);
    end if;
    if players_in <> players_out or devices_moved <> 0 then
      insert into ${TOTALS} (players, devices) values (players_in - players_out, devices_moved);
    end if;`;
}

/** SQLite's statements for one device in (`new`, 1) or out (`old`, -1), for a trigger's body. */
function followRow(row: 'new' | 'old', sign: 1 | -1): RawBuilder<unknown> {
  const user = sql`${sql.raw(row)}.user_id`;
  const change = sql.lit(sign);
  return sql`
    insert into ${PLAYERS} (user_id, devices) values (${user}, ${change})
      on conflict (user_id) do update set devices = devices + excluded.devices;
    update ${TOTALS} set devices = devices + ${change},
      players = players + ${change} * (select count(*) from ${PLAYERS}
        where user_id = ${user} and devices = ${sign === 1 ? sql`1` : sql`0`})
      where rowid = (select min(rowid) from ${TOTALS});
    delete from ${PLAYERS} where user_id = ${user} and devices <= 0;`;
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('push_device_players')
    .addColumn('user_id', 'text', (col) => col.primaryKey())
    .addColumn('devices', 'integer', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('push_device_totals')
    .addColumn('players', 'bigint', (col) => col.notNull())
    .addColumn('devices', 'bigint', (col) => col.notNull())
    .execute();
  const [insert, remove, update] = TRIGGERS.map((name) => sql.id(name));
  // The triggers before the fill: on PostgreSQL creating them locks out writers of push_devices until this
  // migration commits, so no device is written between the fill's reading and the triggers' start.
  if (isPostgres(db)) {
    const follow = sql.id('push_device_counts_follow');
    const added = sql`select user_id, 1 as n from push_devices_added`;
    const removed = sql`select user_id, -1 as n from push_devices_removed`;
    await sql`
      create function ${follow}() returns trigger language plpgsql as $$
      declare
        players_in bigint;
        players_out bigint;
        devices_moved bigint;
      begin
        if tg_op = 'INSERT' then
          ${followMoved(added)}
        elsif tg_op = 'DELETE' then
          ${followMoved(removed)}
        else
          ${followMoved(sql`${added} union all ${removed}`)}
        end if;
        return null;
      end $$
    `.execute(db);
    await sql`create trigger ${insert} after insert on push_devices referencing new table as push_devices_added
      for each statement execute function ${follow}()`.execute(db);
    await sql`create trigger ${remove} after delete on push_devices referencing old table as push_devices_removed
      for each statement execute function ${follow}()`.execute(db);
    await sql`create trigger ${update} after update on push_devices
      referencing old table as push_devices_removed new table as push_devices_added
      for each statement execute function ${follow}()`.execute(db);
  } else {
    await sql`create trigger ${insert} after insert on push_devices begin ${followRow('new', 1)} end`.execute(db);
    await sql`create trigger ${remove} after delete on push_devices begin ${followRow('old', -1)} end`.execute(db);
    await sql`create trigger ${update} after update of user_id on push_devices when old.user_id <> new.user_id
      begin ${followRow('old', -1)} ${followRow('new', 1)} end`.execute(db);
  }
  await sql`insert into ${PLAYERS} (user_id, devices)
    select user_id, count(*) from push_devices group by user_id`.execute(db);
  await sql`insert into ${TOTALS} (players, devices)
    select count(*), coalesce(sum(devices), 0) from ${PLAYERS}`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  for (const name of TRIGGERS) {
    await (postgres ? sql`drop trigger ${sql.id(name)} on push_devices` : sql`drop trigger ${sql.id(name)}`).execute(
      db,
    );
  }
  if (postgres) await sql`drop function push_device_counts_follow()`.execute(db);
  await db.schema.dropTable('push_device_totals').execute();
  await db.schema.dropTable('push_device_players').execute();
}
