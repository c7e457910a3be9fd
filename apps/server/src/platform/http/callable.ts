import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod/mini';
import { FunctionError } from './errors';
import { limitTo, type RateLimit } from './rate-limit';

export interface CallableDefinition<Input extends z.ZodMiniType, Output> {
  name: string;
  /** Schema of the request's `data` field; failures answer 400 invalid-argument with its message. */
  input: Input;
  rateLimit?: RateLimit;
  handler: (data: z.output<Input>, request: FastifyRequest) => Promise<Output>;
}

/** The protocol's request body is exactly {data}; anything else is the caller's mistake. */
function readData(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new FunctionError('invalid-argument', 'The request body must be a JSON object with a data field.');
  }
  if (!Object.hasOwn(body, 'data'))
    throw new FunctionError('invalid-argument', 'The request body must have a data field.');
  if (Object.keys(body).length !== 1) {
    throw new FunctionError('invalid-argument', 'The request body must hold only a data field.');
  }
  return (body as { data: unknown }).data;
}

/**
 * Serves `POST /api/callable/<name>` with the callable protocol: the body is exactly {data},
 * the answer is 200 {data: result}; errors go through the shared error handler.
 */
export function registerCallable<Input extends z.ZodMiniType, Output>(
  app: FastifyInstance,
  definition: CallableDefinition<Input, Output>,
): void {
  app.post(`/api/callable/${definition.name}`, {
    config: definition.rateLimit ? { rateLimit: limitTo(definition.rateLimit) } : {},
    handler: async (request) => {
      const data = z.parse(definition.input, readData(request.body));
      return { data: await definition.handler(data, request) };
    },
  });
}
