import type { FastifyInstance, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { z } from 'zod/mini';
import { FunctionError } from './errors';
import { limitTo, type RateLimit } from './rate-limit';
import type { ContractSchema } from './route-schemas';

export interface CallableDefinition<Input extends z.ZodMiniType, Output extends z.ZodMiniType> {
  name: string;
  /** Schema of the request's `data` field; failures answer 400 invalid-argument with its message. */
  input: Input;
  /** Schema of the result, answered as `{data: result}`. */
  output: Output;
  rateLimit?: RateLimit;
  handler: (data: z.output<Input>, request: FastifyRequest) => Promise<z.input<Output>>;
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
 * Validates the envelope with the protocol's messages, then `data` with the callable's own
 * schema, so a refusal names the data's problem rather than a path through the envelope.
 */
function envelopeValidator(input: ContractSchema): FastifySchemaCompiler<unknown> {
  return () => (body) => {
    let data: unknown;
    try {
      data = readData(body);
    } catch (error) {
      return { error: error as FunctionError };
    }
    const result = z.safeParse(input, data);
    return result.success ? { value: { data: result.data } } : { error: result.error };
  };
}

/**
 * Serves `POST /api/callable/<name>` with the callable protocol: the body is exactly {data},
 * the answer is 200 {data: result}; errors go through the shared error handler. The envelope
 * schemas document the call and compile its serializer.
 */
export function registerCallable<Input extends z.ZodMiniType, Output extends z.ZodMiniType>(
  app: FastifyInstance,
  definition: CallableDefinition<Input, Output>,
): void {
  app.post(`/api/callable/${definition.name}`, {
    schema: {
      body: z.object({ data: definition.input }),
      response: { 200: z.object({ data: definition.output }) },
    },
    validatorCompiler: envelopeValidator(definition.input),
    config: definition.rateLimit ? { rateLimit: limitTo(definition.rateLimit) } : {},
    handler: async (request) => {
      const { data } = request.body as { data: z.output<Input> };
      return { data: await definition.handler(data, request) };
    },
  });
}
