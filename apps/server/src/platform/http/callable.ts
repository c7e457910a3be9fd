import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { limitTo, type RateLimit } from './rate-limit';

export interface CallableDefinition<Input extends z.ZodType, Output> {
  name: string;
  /** Schema of the request's `data` field; failures answer 400 invalid-argument with its message. */
  input: Input;
  rateLimit?: RateLimit;
  handler: (data: z.output<Input>, request: FastifyRequest) => Promise<Output>;
}

/**
 * Serves `POST /api/callable/<name>` with the callable protocol: the body is exactly {data},
 * the answer is 200 {data: result}; errors go through the shared error handler.
 */
export function registerCallable<Input extends z.ZodType, Output>(
  app: FastifyInstance,
  definition: CallableDefinition<Input, Output>,
): void {
  const envelope = z.strictObject(
    { data: z.unknown() },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? 'The request body must hold only a data field.'
          : 'The request body must be a JSON object with a data field.',
    },
  );
  app.post(`/api/callable/${definition.name}`, {
    config: definition.rateLimit ? { rateLimit: limitTo(definition.rateLimit) } : {},
    handler: async (request) => {
      const { data } = envelope.parse(request.body ?? null);
      return { data: await definition.handler(definition.input.parse(data), request) };
    },
  });
}
