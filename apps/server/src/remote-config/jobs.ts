import { ENVIRONMENTS } from '@outpost/contracts/environments';
import type { Kysely } from 'kysely';
import { z } from 'zod/mini';
import type { AppStores, IdentityDatabase } from '../database';
import { enqueueRun, type JobDefinition, withdrawRun } from '../platform/jobs/runner';
import { listSchedules, publishSchedule } from './queries';

export const REMOTE_CONFIG_PUBLISH_JOB = 'remote-config.publish-scheduled';
export const REMOTE_CONFIG_REQUEUE_JOB = 'remote-config.requeue-scheduled';

/** How often schedules left without a run are queued again. */
export const REMOTE_CONFIG_REQUEUE_EVERY_MS = 60_000;

const payloadSchema = z.object({ environment: z.enum(ENVIRONMENTS), scheduleID: z.string() });
type SchedulePayload = z.infer<typeof payloadSchema>;

const runKey = ({ environment, scheduleID }: SchedulePayload) => `${environment}:${scheduleID}`;

/** Queues the publish of a schedule for its time, once whichever instance takes it (a repeat is a no-op). */
export function enqueueScheduledPublish(
  identity: Kysely<IdentityDatabase>,
  payload: SchedulePayload,
  publishAt: Date,
): Promise<boolean> {
  return enqueueRun(identity, { name: REMOTE_CONFIG_PUBLISH_JOB }, payload, { runAt: publishAt, key: runKey(payload) });
}

/** Takes back a cancelled schedule's waiting run, so the job list shows nothing pending for it. */
export async function withdrawScheduledPublish(
  identity: Kysely<IdentityDatabase>,
  payload: SchedulePayload,
): Promise<void> {
  await withdrawRun(identity, { name: REMOTE_CONFIG_PUBLISH_JOB }, runKey(payload));
}

/**
 * The scheduled publishes, each at its time (a cancelled one finds nothing and does nothing); and,
 * as push does, a periodic pass that queues again any schedule whose run was lost (a crash between
 * the schedule's commit and its enqueue, the demo's schedule), since a schedule lives in its
 * environment's store and runs in the identity store.
 */
export function remoteConfigJobs(options: {
  game: AppStores['game'];
  identity: Kysely<IdentityDatabase>;
}): JobDefinition[] {
  return [
    {
      name: REMOTE_CONFIG_PUBLISH_JOB,
      run: async (payload) => {
        const { environment, scheduleID } = z.parse(payloadSchema, payload);
        await publishSchedule(options.game[environment], scheduleID, environment, new Date());
      },
    },
    {
      name: REMOTE_CONFIG_REQUEUE_JOB,
      everyMs: REMOTE_CONFIG_REQUEUE_EVERY_MS,
      run: async () => {
        for (const environment of ENVIRONMENTS) {
          for (const schedule of await listSchedules(options.game[environment])) {
            const payload = { environment, scheduleID: schedule.schedule_id };
            await enqueueScheduledPublish(options.identity, payload, new Date(schedule.publish_at));
          }
        }
      },
    },
  ];
}
