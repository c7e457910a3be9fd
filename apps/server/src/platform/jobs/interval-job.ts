import type { FastifyInstance } from 'fastify';

export interface IntervalJob {
  /** How the log names it. */
  name: string;
  intervalMs: number;
  /** One round; a failure is logged and the next round tries again. */
  run(): Promise<void>;
  /** Run a first round as soon as the app is ready, not only after the first interval. */
  atStart?: boolean;
}

/**
 * Background work that runs every `intervalMs` while the app is up: a round never overlaps the
 * previous one, a failed round is logged and retried at the next, and closing the app waits for
 * the round under way. Each instance runs its own rounds, so the work must be safe to run on
 * several instances at once (conditional updates, leases).
 */
export function registerIntervalJob(app: FastifyInstance, job: IntervalJob): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const round = () => {
    running ??= job
      .run()
      .catch((error: unknown) => app.log.error({ err: error }, `${job.name} failed; it runs again shortly`))
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  app.addHook('onReady', async () => {
    timer = setInterval(round, job.intervalMs);
    timer.unref();
    if (job.atStart) await round();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
