import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';
import type { JobDefinition } from '../platform/jobs/runner';
import type { Mailer } from '../platform/mail/mailer';
import { notifyOpenedDrops } from './drops';
import { expireMerchReservations } from './merch-orders';

/** How often lapsed reservations return their stock and opened drops are announced. */
export const MERCH_JOB_INTERVAL_MS = 30_000;

export interface MerchJobOptions {
  /** The store the shop sells from (APP_ENV's). */
  game: Kysely<GameDatabase>;
  mailer: Pick<Mailer, 'send'>;
  shopUrl: string;
}

/**
 * The merch shop's background work: lapsed reservations give their stock back, and the
 * subscribers of drops that opened are mailed. Each step is a conditional update, so a run taken
 * over from an instance that stopped midway does nothing twice.
 */
export function merchJobs(options: MerchJobOptions): JobDefinition[] {
  return [
    {
      name: 'merch.return-lapsed-reservations',
      everyMs: MERCH_JOB_INTERVAL_MS,
      run: async () => {
        await expireMerchReservations(options.game);
      },
    },
    {
      name: 'merch.announce-opened-drops',
      everyMs: MERCH_JOB_INTERVAL_MS,
      run: async () => {
        await notifyOpenedDrops(options.game, options.mailer, { shopUrl: options.shopUrl });
      },
    },
  ];
}
