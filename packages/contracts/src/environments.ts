import { z } from 'zod/mini';

/** The game's data environments (spec §9). Each has its own game-data store. */
export const ENVIRONMENTS = ['development', 'beta', 'production'] as const;
export const environmentSchema = z.enum(ENVIRONMENTS);
export type Environment = z.infer<typeof environmentSchema>;
export const DEFAULT_ENVIRONMENT: Environment = 'development';

/** The `:env` path parameter every admin route starts with (`/api/admin/:env/...`). */
export const adminEnvironmentParamsSchema = z.object({ env: environmentSchema });
