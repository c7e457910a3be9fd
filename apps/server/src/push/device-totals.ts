import { ENVIRONMENTS } from '@outpost/contracts/environments';
import { type Kysely, sql } from 'kysely';
import type { AppStores, GameDatabase } from '../database';
import { isPostgres } from '../platform/db/dialect';
import type { JobDefinition } from '../platform/jobs/runner';

/*
 * How many players hold a push device and how many devices there are: the sums of push_device_totals, whose
 * rows of changes the store's triggers write as devices are (migrations/2027-01-01-push-device-counts.ts,
 * docs/decisions/0154-push-audience-totals.md). On PostgreSQL a row is appended per statement that moves a
 * count, so a periodic job folds them, and a read sums what has been appended since the last fold.
 */

const PUSH_DEVICE_TOTALS_FOLD_JOB = 'push.fold-device-totals';

/** How often the rows of changes are folded into one: a read sums at most what this long of writes appends. */
const PUSH_DEVICE_TOTALS_FOLD_EVERY_MS = 5 * 60_000;

/** The composer's audience of everyone: the players holding a device and their devices, now. */
export async function measureEveryone(db: Kysely<GameDatabase>): Promise<{ players: number; devices: number }> {
  const row = await db
    .selectFrom('push_device_totals')
    .select((eb) => [
      eb.fn.sum<string | number | null>('players').as('players'),
      eb.fn.sum<string | number | null>('devices').as('devices'),
    ])
    .executeTakeFirstOrThrow();
  return { players: Number(row.players ?? 0), devices: Number(row.devices ?? 0) };
}

/**
 * Replaces the rows of changes the statement sees with their sum. A writer's row appended meanwhile is not
 * seen and stays; a second fold side by side waits on the rows the first deletes, then finds them gone. On
 * SQLite, whose triggers move one row, there is nothing to fold but what a hand appended.
 */
export async function foldDeviceTotals(db: Kysely<GameDatabase>): Promise<void> {
  if (isPostgres(db)) {
    await sql`with folded as (delete from push_device_totals returning players, devices)
      insert into push_device_totals (players, devices)
      select sum(players), sum(devices) from folded having count(*) > 0`.execute(db);
    return;
  }
  await db.transaction().execute(async (trx) => {
    const folded = await trx.deleteFrom('push_device_totals').returning(['players', 'devices']).execute();
    if (folded.length === 0) return;
    const sum = (column: 'players' | 'devices') => folded.reduce((total, row) => total + Number(row[column]), 0);
    await trx
      .insertInto('push_device_totals')
      .values({ players: sum('players'), devices: sum('devices') })
      .execute();
  });
}

/** Folds every environment's rows of changes, once across instances. */
export function foldDeviceTotalsJob(game: AppStores['game']): JobDefinition {
  return {
    name: PUSH_DEVICE_TOTALS_FOLD_JOB,
    everyMs: PUSH_DEVICE_TOTALS_FOLD_EVERY_MS,
    async run() {
      for (const environment of ENVIRONMENTS) await foldDeviceTotals(game[environment]);
    },
  };
}
