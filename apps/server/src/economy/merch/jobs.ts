import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { registerIntervalJob } from '../../platform/jobs/interval-job';
import type { Mailer } from '../../platform/mail/mailer';
import type { GameDatabase } from '../../stores';
import { notifyOpenedDrops } from './drops';
import { expireMerchReservations } from './orders';

/** How often lapsed reservations return their stock and opened drops are announced. */
export const MERCH_JOB_INTERVAL_MS = 30_000;

export interface MerchJobOptions {
  /** The store the shop sells from (APP_ENV's). */
  game: Kysely<GameDatabase>;
  mailer: Pick<Mailer, 'send'>;
  shopUrl: string;
  intervalMs?: number;
}

/**
 * The merch shop's background work, while the app listens: each round gives the stock of lapsed
 * reservations back and mails the subscribers of drops that opened. Every step is a conditional
 * update, so several instances sharing a database may all run it.
 */
export function registerMerchJobs(app: FastifyInstance, options: MerchJobOptions): void {
  // Each step on its own: a failed sweep does not hold back the drop mails, nor the other way round.
  const step = async (name: string, work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (error) {
      app.log.error({ err: error }, `merch jobs: ${name} failed; it runs again shortly`);
    }
  };
  registerIntervalJob(app, {
    name: 'merch jobs',
    intervalMs: options.intervalMs ?? MERCH_JOB_INTERVAL_MS,
    run: async () => {
      await step('returning lapsed reservations', () => expireMerchReservations(options.game));
      await step('announcing opened drops', () =>
        notifyOpenedDrops(options.game, options.mailer, { shopUrl: options.shopUrl }),
      );
    },
  });
}
