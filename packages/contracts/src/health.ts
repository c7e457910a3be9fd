import { z } from 'zod/mini';

/** GET /healthz: the process is up. */
export const healthSchema = z.object({ status: z.literal('ok') });

/** GET /readyz: every store answered; `dialect` says which database the stores live in. */
export const readinessSchema = z.object({ status: z.literal('ok'), dialect: z.enum(['sqlite', 'postgres']) });
