import { z } from 'zod/mini';
import { adminListPageSchema, adminListQuerySchema } from './admin-list';

/*
 * The background jobs' history: every run of every job, as the job runner keeps it for a week, for staff and
 * admins to read. Jobs serve the whole deployment; the list is the same under every environment's path.
 */

export const JOB_STATUSES = ['pending', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** How the history names each status. */
export const JOB_STATUS_LABELS: Record<JobStatus, string> = {
  pending: 'Waiting',
  running: 'Running',
  done: 'Done',
  failed: 'Given up',
};

export const jobRunSchema = z.object({
  id: z.int(),
  name: z.string(),
  status: z.enum(JOB_STATUSES),
  /** When it is (or was) due. */
  runAt: z.string(),
  attempts: z.int(),
  maxAttempts: z.int(),
  /** The instance that runs or ran it. */
  instance: z.nullable(z.string()),
  startedAt: z.nullable(z.string()),
  finishedAt: z.nullable(z.string()),
  lastError: z.nullable(z.string()),
});
export type JobRun = z.infer<typeof jobRunSchema>;

/** GET /api/admin/:env/jobs: newest first; by job name and status. */
export const jobRunListQuerySchema = adminListQuerySchema(['runAt', 'name'] as const, {
  name: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  status: z.optional(z.enum(JOB_STATUSES, { error: `status must be one of ${JOB_STATUSES.join(', ')}.` })),
});
export type JobRunListQuery = z.infer<typeof jobRunListQuerySchema>;

export const jobRunPageSchema = adminListPageSchema(jobRunSchema);
export type JobRunPage = z.infer<typeof jobRunPageSchema>;
