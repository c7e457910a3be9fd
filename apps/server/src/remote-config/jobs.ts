import { ENVIRONMENTS } from '@outpost/contracts/environments';
import type { Kysely } from 'kysely';
import { z } from 'zod/mini';
import type { AppStores, IdentityDatabase } from '../database';
import { enqueueRun, type JobDefinition, retimeRun, withdrawRun } from '../platform/jobs/runner';
import { listSchedules, publishSchedule } from './queries';

export const REMOTE_CONFIG_PUBLISH_JOB = 'remote-config.publish-scheduled';
export const REMOTE_CONFIG_REQUEUE_JOB = 'remote-config.requeue-scheduled';

/** How often schedules left without a run are queued again. */
export const REMOTE_CONFIG_REQUEUE_EVERY_MS = 60_000;

/**
 * A run names the schedule and the time it was queued for (`publishAt`): a schedule moved since (the
 * calendar's reschedule) is not published by the run of its old time. Runs queued before
 * `publishAt` was added carry none and publish whenever they run, as they did.
 */
const payloadSchema = z.object({
  environment: z.enum(ENVIRONMENTS),
  scheduleID: z.string(),
  publishAt: z.optional(z.string()),
});
type SchedulePayload = z.infer<typeof payloadSchema>;
/** Which schedule's runs: the run's key. */
type ScheduleOfRun = Pick<SchedulePayload, 'environment' | 'scheduleID'>;

const runKey = ({ environment, scheduleID }: ScheduleOfRun) => `${environment}:${scheduleID}`;

/** Queues the publish of a schedule for its time (`publishAt`), once whichever instance takes it (a repeat is a no-op). */
export function enqueueScheduledPublish(
  identity: Kysely<IdentityDatabase>,
  schedule: ScheduleOfRun & { publishAt: string },
): Promise<boolean> {
  return enqueueRun(identity, { name: REMOTE_CONFIG_PUBLISH_JOB }, schedule, {
    runAt: new Date(schedule.publishAt),
    key: runKey(schedule),
  });
}

/**
 * Moves a rescheduled publish's waiting run to its new time (`publishAt`), or queues one when none
 * waits: it publishes then, not at the old time.
 */
export async function retimeScheduledPublish(
  identity: Kysely<IdentityDatabase>,
  schedule: ScheduleOfRun & { publishAt: string },
): Promise<void> {
  const runAt = new Date(schedule.publishAt);
  const moved = await retimeRun(identity, { name: REMOTE_CONFIG_PUBLISH_JOB }, runKey(schedule), schedule, runAt);
  if (!moved) await enqueueScheduledPublish(identity, schedule);
}

/** Takes back a cancelled schedule's waiting run, so the job list shows nothing pending for it. */
export async function withdrawScheduledPublish(
  identity: Kysely<IdentityDatabase>,
  schedule: ScheduleOfRun,
): Promise<void> {
  await withdrawRun(identity, { name: REMOTE_CONFIG_PUBLISH_JOB }, runKey(schedule));
}

/**
 * The scheduled publishes, each at its time (a cancelled one finds nothing and does nothing); and,
 * as push does, a periodic pass that queues again any schedule whose run was lost (a crash between
 * the schedule's commit and its enqueue, the demo's schedule), since a schedule lives in its
 * environment's store and runs in the identity store. The pass also moves to its new time the
 * waiting run of a schedule moved when the move's own retime was lost (a crash after its commit).
 */
export function remoteConfigJobs(options: {
  game: AppStores['game'];
  identity: Kysely<IdentityDatabase>;
}): JobDefinition[] {
  return [
    {
      name: REMOTE_CONFIG_PUBLISH_JOB,
      run: async (payload) => {
        const { environment, scheduleID, publishAt } = z.parse(payloadSchema, payload);
        await publishSchedule(options.game[environment], scheduleID, environment, new Date(), publishAt);
      },
    },
    {
      name: REMOTE_CONFIG_REQUEUE_JOB,
      everyMs: REMOTE_CONFIG_REQUEUE_EVERY_MS,
      run: async () => {
        for (const environment of ENVIRONMENTS) {
          for (const schedule of await listSchedules(options.game[environment])) {
            const payload = { environment, scheduleID: schedule.schedule_id, publishAt: schedule.publish_at };
            if (!(await enqueueScheduledPublish(options.identity, payload))) {
              await retimeScheduledPublish(options.identity, payload);
            }
          }
        }
      },
    },
  ];
}
