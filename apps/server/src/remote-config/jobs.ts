import { ENVIRONMENTS } from '@outpost/contracts/environments';
import type { Kysely } from 'kysely';
import { z } from 'zod/mini';
import type { AdminChange } from '../backoffice/index';
import type { AppStores, GameDatabase, IdentityDatabase } from '../database';
import type { ParameterUseCheck } from '../domain';
import { enqueueRun, type JobDefinition, retimeRun, withdrawRun } from '../platform/jobs/runner';
import { cancelSchedule, listSchedules, publishSchedule, rescheduleSchedule } from './queries';
import type { RemoteConfigScheduleRow } from './tables';

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

/**
 * A schedule moved to `publishAt` (rescheduleSchedule: its rule, its refusals, its admin-log entry)
 * and its waiting run with it, the one way the screen's reschedule and the calendar's move both
 * take. The run follows after the commit, as the screen's routes queue it; a crash between the two
 * is mended by the requeue pass below, and a run of the old time publishes nothing.
 */
export async function reschedulePublish(
  stores: { game: Kysely<GameDatabase>; identity: Kysely<IdentityDatabase> },
  scheduleID: string,
  publishAt: Date,
  change: AdminChange,
): Promise<RemoteConfigScheduleRow> {
  const moved = await rescheduleSchedule(stores.game, scheduleID, publishAt, change);
  const schedule = { environment: change.environment, scheduleID, publishAt: moved.publish_at };
  await retimeScheduledPublish(stores.identity, schedule);
  return moved;
}

/** Cancels a schedule and takes back its waiting run: the screen's cancel and the calendar's. */
export async function cancelPublish(
  stores: { game: Kysely<GameDatabase>; identity: Kysely<IdentityDatabase> },
  scheduleID: string,
  change: AdminChange,
): Promise<void> {
  await cancelSchedule(stores.game, scheduleID, change);
  await withdrawScheduledPublish(stores.identity, { environment: change.environment, scheduleID });
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
  /** What other domains rely on in remote config: a publish that breaks one is refused (domain.ts). */
  parameterUses: readonly ParameterUseCheck[];
}): JobDefinition[] {
  return [
    {
      name: REMOTE_CONFIG_PUBLISH_JOB,
      run: async (payload) => {
        const { environment, scheduleID, publishAt } = z.parse(payloadSchema, payload);
        await publishSchedule(
          options.game[environment],
          scheduleID,
          environment,
          new Date(),
          options.parameterUses,
          publishAt,
        );
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
