import { DEFAULT_BETA_CONFIG } from '@outpost/contracts/beta';
import { REPORT_CATEGORIES } from '@outpost/contracts/moderation';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { AppStores, GameDatabase } from '../../apps/server/src/database';
import type { Dialect } from '../../apps/server/src/platform/db/stores';
import { seedDemoData } from '../../apps/server/src/seed';
import { ago, oneOf, PLAYTIME_ROWS, player, SCALE_DAYS, spreadOver, withNumbers } from '../game-data/scale';
import { SEARCH_USERS } from '../search/users';
import { type SeededCounts, seedSegmentPlayers } from '../segments/players';

/*
 * A year of a live game's back office, written straight into the tables as the other bench seeds do:
 * the demo data set (a row of every kind, whose ids the detail pages open), the 100,000 players with a
 * year of play and every attribute segments read (bench/segments/players.ts), then what the back office
 * itself keeps: reports and feedback filed day after day, a launch batch of redemption codes and its
 * redemptions, two pushes a day, and an experiment running on half the crowd. The admin log is filled
 * from the entries the walk's own admin writes make (cloneAdminLog), so every entry is one the app wrote.
 */

/** A year: what a game a year after its launch keeps. */
export const YEAR_DAYS = 365;
/**
 * The game data's span, a year unless BENCH_ADMIN_DAYS asks for fewer days (quicker to seed while a read
 * is being looked into; the figures then say so). The back office's rows span a year whatever it says.
 */
export const GAME_DATA_DAYS = Number(process.env.BENCH_ADMIN_DAYS ?? YEAR_DAYS);
if (!Number.isInteger(GAME_DATA_DAYS) || GAME_DATA_DAYS < 1 || GAME_DATA_DAYS > YEAR_DAYS) {
  throw new Error(
    `BENCH_ADMIN_DAYS must be a whole number of days from 1 to ${YEAR_DAYS} (got "${process.env.BENCH_ADMIN_DAYS}").`,
  );
}
const YEAR_SECONDS = YEAR_DAYS * 86_400;

/** The back office's rows over the year, as a live game of 100,000 players files them. */
const BACK_OFFICE = {
  /** About 80 reports a day; one in twenty still open. */
  reports: 30_000,
  feedback: 20_000,
  codes: 2_000,
  redemptions: 100_000,
  /** Two pushes a day. */
  pushes: 730,
  /** Half the crowd fetched config while the experiment ran. */
  exposures: 50_000,
  /** About 55 merch orders a day, paid by card, PayPal or credits, most shipped. */
  merchOrders: 20_000,
  adminLog: 50_000,
} as const;

/** The experiment whose results the walk reads: running for a month, playtime per player as its goal. */
export const BENCH_EXPERIMENT = 'bench-daily-reward';
const EXPERIMENT_DAYS = 30;
/** Where a merch order ships: the order profile as it was when the order was placed (merchShippingSchema). */
const SHIPPING = JSON.stringify({
  firstName: 'Alex',
  lastName: 'Rivera',
  email: 'alex.rivera@example.com',
  phone: '+1 555 0100',
  countryCode: 'US',
  cut: 'regular',
  sizes: { shirtSize: 'M', hoodieSize: 'M', pantSize: '32', shoeSize: '10' },
  address: { line1: '1 Main St', line2: '', city: 'Springfield', state: 'IL', zipcode: '62701', country: 'US' },
});

/** Who resolves the seeded reports and sent the seeded pushes. */
const BENCH_STAFF = 'bench-moderator';

export type BackOfficeCounts = Record<keyof typeof BACK_OFFICE, number>;

export interface AdminReadsSeed {
  players: SeededCounts;
  /** Play sessions over the year (bench/game-data/scale.ts's rows a day). */
  sessions: number;
  /** The days of game data (GAME_DATA_DAYS). */
  days: number;
  backOffice: Omit<BackOfficeCounts, 'adminLog'>;
}

const spread = spreadOver(YEAR_SECONDS);

async function seedBackOffice(game: Kysely<GameDatabase>, dialect: Dialect, now: Date): Promise<void> {
  const at = now.toISOString();
  const when = (seconds: RawBuilder<unknown>) => ago(dialect, at, seconds);
  await game.transaction().execute(async (trx) => {
    const inTrx = (count: number, statement: RawBuilder<unknown>) =>
      withNumbers(dialect, count, statement).execute(trx);
    // The oldest first, as players filed them: the store numbers reports in the order they are written.
    await inTrx(
      BACK_OFFICE.reports,
      sql`insert into reports (report_id, category, target, text, reporter, source, created_at, resolved,
                               resolved_by, resolved_at, resolution)
          select 'bench-report-' || i, ${oneOf(REPORT_CATEGORIES)}, 'search-user-' || ((i * 104729) % ${sql.lit(SEARCH_USERS)}),
                 'Kept griefing our base near the north gate, report ' || i, ${player},
                 case when i % 3 = 0 then 'game' else 'account' end, t.at,
                 case when i % 20 = 0 then 0 else 1 end,
                 case when i % 20 = 0 then null else ${BENCH_STAFF} end,
                 case when i % 20 = 0 then null else t.at end,
                 case when i % 20 = 0 then null else 'Warned the player.' end
          from (select i, ${when(sql`${sql.lit(YEAR_SECONDS)} - i * ${sql.lit(Math.floor(YEAR_SECONDS / BACK_OFFICE.reports))}`)} as at from n) as t
          order by i`,
    );
    await inTrx(
      BACK_OFFICE.feedback,
      sql`insert into feedback (feedback_id, user_id, category, text, sentiment, mission, timestamp, reviewed)
          select 'bench-feedback-' || i, ${player}, ${oneOf(DEFAULT_BETA_CONFIG.categories.map(({ id }) => id))},
                 'The new map loads slowly on my phone, note ' || i,
                 ${oneOf(DEFAULT_BETA_CONFIG.sentiments.map(({ id }) => id))}, null, ${when(spread(7_919))},
                 case when i % 4 = 0 then 0 else 1 end
          from n`,
    );
    await trx
      .insertInto('claim_code_batches')
      .values({
        claim_code_id: 'bench-launch',
        batch_name: 'Launch giveaway',
        type: 'giveaway',
        uses: 100,
        credits: 100,
        rewards: '[]',
        is_available: 1,
        created_at: new Date(now.getTime() - YEAR_SECONDS * 1000).toISOString(),
        created_by: BENCH_STAFF,
      })
      .execute();
    await inTrx(
      BACK_OFFICE.codes,
      sql`insert into claim_codes (code, claim_code_id, uses_left)
          select 'bench-launch-' || i, 'bench-launch', 50 from n`,
    );
    // Code i % codes for player i * 7919 % 100,000: no pair twice (7,919 and 100,000 share no factor).
    await inTrx(
      BACK_OFFICE.redemptions,
      sql`insert into claim_code_redemptions (code, user_id, redeemed_at)
          select 'bench-launch-' || (i % ${sql.lit(BACK_OFFICE.codes)}), ${player}, ${when(spread(15_485_863))} from n`,
    );
    await inTrx(
      BACK_OFFICE.pushes,
      sql`insert into push_messages (message_id, request_id, title, body, recipient_category, active_since, user_ids,
                                     segment_id, send_schedule, send_at, state, phase, recipients_after,
                                     devices_after, sent_count, failed_count, pruned_count, created_by, created_at,
                                     started_at, finished_at, last_error)
          select 'bench-push-' || i, null, 'Double rewards tonight', 'Log in between 6 and 9 for double credits.',
                 'everyone', null, null, null, 'now', t.at, 'sent', 'devices', null, null, 64000 + i % 1000,
                 i % 50, i % 20, ${BENCH_STAFF}, t.at, t.at, t.at, null
          from (select i, ${when(sql`i * 43200`)} as at from n) as t`,
    );
    // A merch order and its payment record (a payment_orders row of the same id, kind 'merch'), one line each
    // of the demo drop's first product.
    const product = await trx
      .selectFrom('merch_drop_products')
      .select('product_id')
      .orderBy('position')
      .executeTakeFirstOrThrow();
    const merchAt = when(spread(32_452_843));
    await inTrx(
      BACK_OFFICE.merchOrders,
      sql`insert into merch_orders (order_id, user_id, order_time, status, payment, total_cents, total_credits,
                                    reserved_until, paid_at, packed_at, shipped_at, tracking_reference,
                                    refunded_cents, shipping, checkout_url, version, updated_at)
          select 'bench-merch-' || i, ${player}, t.at, ${oneOf(['shipped', 'shipped', 'shipped', 'paid', 'packed', 'refunded'])},
                 ${oneOf(['stripe', 'paypal', 'credits'])}, 2500, null, null, t.at, t.at, t.at, 'TRACK' || i,
                 0, ${SHIPPING}, null, 1, t.at
          from (select i, ${merchAt} as at from n) as t`,
    );
    await sql`insert into merch_order_lines (order_id, line_no, product_id, variety_id, product_name, variety_name,
                                             quantity, unit_price)
              select order_id, 1, ${product.product_id}, 'bench-m', 'Outpost tee', 'M', 1, 2500
              from merch_orders where order_id like 'bench-merch-%'`.execute(trx);
    await sql`insert into payment_orders (order_id, user_id, kind, payment, pack_id, machine_id, amount_cents, credits,
                                          currency, paypal_order_id, stripe_session_id, stripe_payment_intent, status,
                                          created_at, settled_at)
              select order_id, user_id, 'merch', payment, null, null, total_cents, 0, 'USD', null, null, null,
                     'completed', order_time, paid_at
              from merch_orders where order_id like 'bench-merch-%'`.execute(trx);
    await trx
      .insertInto('experiments')
      .values({
        experiment_id: BENCH_EXPERIMENT,
        name: 'Daily reward of 75',
        description: 'Do 75 credits a day keep players playing longer than 50?',
        parameter_key: 'daily_reward_credits',
        segment_id: null,
        variants: JSON.stringify([
          { name: 'Control', value: 50, weight: 1 },
          { name: 'Generous', value: 75, weight: 1 },
        ]),
        metric: 'playtimePerPlayer',
        state: 'running',
        starts_at: null,
        ends_at: null,
        started_at: new Date(now.getTime() - EXPERIMENT_DAYS * 86_400_000).toISOString(),
        ended_at: null,
        winner: null,
        revision: 2,
        created_at: new Date(now.getTime() - (EXPERIMENT_DAYS + 1) * 86_400_000).toISOString(),
        created_by: BENCH_STAFF,
      })
      .execute();
    // Players 0, 2, 4 … in turn: half the crowd, each exposed once at a time of the month.
    await inTrx(
      BACK_OFFICE.exposures,
      sql`insert into experiment_exposures (experiment_id, user_id, variant, exposed_at)
          select ${BENCH_EXPERIMENT}, 'search-user-' || (i * 2), case when i % 2 = 0 then 'Control' else 'Generous' end,
                 ${when(spreadOver(EXPERIMENT_DAYS * 86_400)(104_729))}
          from n`,
    );
  });
}

/**
 * The admin log of a year: the entries the walk's admin made (their actions and data as the app wrote
 * them), written again BACK_OFFICE.adminLog times at times spread over the year. Run after those writes.
 */
export async function cloneAdminLog(game: Kysely<GameDatabase>, dialect: Dialect, now = new Date()): Promise<number> {
  const written = await game
    .selectFrom('admin_log')
    .select((eb) => [eb.fn.min('id').as('first'), eb.fn.countAll().as('count')])
    .executeTakeFirstOrThrow();
  const count = Number(written.count);
  if (count === 0) throw new Error('The admin log is empty: make the admin writes before cloning them.');
  await withNumbers(
    dialect,
    BACK_OFFICE.adminLog,
    sql`insert into admin_log (action, environment, timestamp, admin, data)
        select e.action, e.environment, ${ago(dialect, now.toISOString(), spread(49_979_687))}, e.admin, e.data
        from n join admin_log e on e.id = ${sql.lit(Number(written.first))} + i % ${sql.lit(count)}`,
  ).execute(game);
  if (dialect === 'postgres') await sql`analyze admin_log`.execute(game);
  return BACK_OFFICE.adminLog;
}

/** The demo data set, the crowd with a year of game data, and the back office's year, in the development store. */
export async function seedAdminReads(stores: AppStores, dialect: Dialect): Promise<AdminReadsSeed> {
  const now = new Date();
  await seedDemoData(stores, 'development', { now });
  const players = await seedSegmentPlayers(stores, dialect, GAME_DATA_DAYS);
  await seedBackOffice(stores.game.development, dialect, now);
  if (dialect === 'postgres') await sql`analyze`.execute(stores.game.development);
  const { adminLog: _, ...backOffice } = BACK_OFFICE;
  return {
    players,
    sessions: Math.round((PLAYTIME_ROWS * GAME_DATA_DAYS) / SCALE_DAYS),
    days: GAME_DATA_DAYS,
    backOffice,
  };
}
