import { z } from 'zod/mini';

/**
 * The callable protocol (spec §7, §8): POST {data} answers 200 {data: result}; failures answer
 * a non-2xx status with {error: {status, message, details?}}.
 */
export const FUNCTION_STATUS_BY_HTTP = {
  400: 'invalid-argument',
  401: 'unauthenticated',
  403: 'permission-denied',
  404: 'not-found',
  409: 'aborted',
  429: 'resource-exhausted',
  499: 'cancelled',
  500: 'internal',
  501: 'unimplemented',
  503: 'unavailable',
  504: 'deadline-exceeded',
} as const;

export type FunctionHttpStatus = keyof typeof FUNCTION_STATUS_BY_HTTP;
export type FunctionErrorStatus = (typeof FUNCTION_STATUS_BY_HTTP)[FunctionHttpStatus] | 'unknown';

export const HTTP_BY_FUNCTION_STATUS = Object.fromEntries(
  Object.entries(FUNCTION_STATUS_BY_HTTP).map(([code, status]) => [status, Number(code)]),
) as Record<Exclude<FunctionErrorStatus, 'unknown'>, FunctionHttpStatus>;

export function functionStatusForHttp(httpStatus: number): FunctionErrorStatus {
  return FUNCTION_STATUS_BY_HTTP[httpStatus as FunctionHttpStatus] ?? 'unknown';
}

export const FUNCTIONS_TIMEOUT_MS = 70_000;
export const FUNCTIONS_REGION = 'us-central1';

export const CALLABLE_MESSAGES = {
  missingData: 'Response is missing data field.',
  notJsonObject: 'Response is not valid JSON object.',
} as const;

export const functionErrorBodySchema = z.object({
  error: z.object({
    status: z.string(),
    message: z.string(),
    details: z.optional(z.unknown()),
  }),
});
export type FunctionErrorBody = z.infer<typeof functionErrorBodySchema>;
