import { z } from 'zod/mini';

/** The game's data environments (docs/product.md §9.1). Each has its own game-data store. */
export const ENVIRONMENTS = ['development', 'beta', 'production'] as const;

/** An environment that is none of the three (docs/product.md §8.5's "invalid environment"), in words that name them. */
export const invalidEnvironmentMessage = (value: unknown) =>
  `Unknown environment ${JSON.stringify(value)}: use ${ENVIRONMENTS.slice(0, -1).join(', ')} or ${ENVIRONMENTS.at(-1)}.`;

export const environmentSchema = z.enum(ENVIRONMENTS, { error: (issue) => invalidEnvironmentMessage(issue.input) });
export type Environment = z.infer<typeof environmentSchema>;
export const DEFAULT_ENVIRONMENT: Environment = 'development';

/** The `:env` path parameter every admin route starts with (`/api/admin/:env/...`). */
export const adminEnvironmentParamsSchema = z.object({ env: environmentSchema });
