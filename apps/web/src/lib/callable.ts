import {
  CALLABLE_MESSAGES,
  FUNCTIONS_TIMEOUT_MS,
  type FunctionErrorStatus,
  functionErrorBodySchema,
  functionStatusForHttp,
} from '@outpost/contracts/callable';
import { z } from 'zod/mini';

/** A failed call, with the protocol's status name (spec §8) and the server's message. */
export class CallableError extends Error {
  readonly status: FunctionErrorStatus;
  readonly details: unknown;

  constructor(status: FunctionErrorStatus, message: string, details?: unknown) {
    super(message);
    this.name = 'CallableError';
    this.status = status;
    this.details = details;
  }
}

export interface CallOptions {
  timeoutMs?: number;
  /** Extra headers: bearer auth, messaging and attestation tokens arrive with the identity issue. */
  headers?: Record<string, string>;
  /** Base URL; the web app calls its own origin. */
  baseUrl?: string;
  fetch?: typeof fetch;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Calls `/api/callable/<name>` with the callable protocol: POST {data}, answer {data}. Parses the
 * result with `schema`, so callers get typed data or a CallableError, never a half-read body.
 */
export async function callFunction<Schema extends z.ZodMiniType>(
  name: string,
  data: unknown,
  schema: Schema,
  options: CallOptions = {},
): Promise<z.output<Schema>> {
  const timeoutMs = options.timeoutMs ?? FUNCTIONS_TIMEOUT_MS;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(`${options.baseUrl ?? ''}/api/callable/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...options.headers },
      body: JSON.stringify({ data: data ?? null }),
      signal: controller.signal,
    });
  } catch (error) {
    if (controller.signal.aborted) throw new CallableError('deadline-exceeded', `No answer within ${timeoutMs} ms.`);
    throw new CallableError('unavailable', error instanceof Error ? error.message : 'The network request failed.');
  } finally {
    clearTimeout(timer);
  }

  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }

  if (!response.ok) {
    const status = functionStatusForHttp(response.status);
    const parsed = z.safeParse(functionErrorBodySchema, body);
    throw new CallableError(status, parsed.success ? parsed.data.error.message : status, parsed.data?.error.details);
  }
  if (!isObject(body)) throw new CallableError('internal', CALLABLE_MESSAGES.notJsonObject);
  if (!('data' in body)) throw new CallableError('internal', CALLABLE_MESSAGES.missingData);
  const result = z.safeParse(schema, body.data);
  if (!result.success) throw new CallableError('internal', 'The response did not have the expected shape.');
  return result.data;
}
