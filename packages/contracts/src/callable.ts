import { z } from 'zod/mini';

/**
 * The callable protocol (docs/product.md §7.3, §8.2): POST {data} answers 200 {data: result}; failures answer
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

/**
 * The wire names. People, code and the mapping of docs/product.md §8.2 speak the lower-case codes above; the
 * body's `error.status` carries each code's canonical name (google.rpc.Code), the only form the
 * Firebase client SDKs accept: they read any other string there as `internal` and drop the message.
 */
export const FUNCTION_WIRE_STATUS = {
  'invalid-argument': 'INVALID_ARGUMENT',
  unauthenticated: 'UNAUTHENTICATED',
  'permission-denied': 'PERMISSION_DENIED',
  'not-found': 'NOT_FOUND',
  aborted: 'ABORTED',
  'resource-exhausted': 'RESOURCE_EXHAUSTED',
  cancelled: 'CANCELLED',
  internal: 'INTERNAL',
  unimplemented: 'UNIMPLEMENTED',
  unavailable: 'UNAVAILABLE',
  'deadline-exceeded': 'DEADLINE_EXCEEDED',
  unknown: 'UNKNOWN',
} as const satisfies Record<FunctionErrorStatus, string>;

export type FunctionWireStatus = (typeof FUNCTION_WIRE_STATUS)[FunctionErrorStatus];

const STATUS_BY_WIRE = new Map<string, FunctionErrorStatus>(
  Object.entries(FUNCTION_WIRE_STATUS).map(([status, wire]) => [wire, status as FunctionErrorStatus]),
);

/** The canonical name a code travels under. */
export function toWireStatus(status: FunctionErrorStatus): FunctionWireStatus {
  return FUNCTION_WIRE_STATUS[status];
}

/** The code a wire name stands for; undefined for anything that is not one of ours. */
export function fromWireStatus(wire: unknown): FunctionErrorStatus | undefined {
  return typeof wire === 'string' ? STATUS_BY_WIRE.get(wire) : undefined;
}

export const FUNCTIONS_TIMEOUT_MS = 70_000;
export const FUNCTIONS_REGION = 'us-central1';

export const CALLABLE_MESSAGES = {
  missingData: 'Response is missing data field.',
  notJsonObject: 'Response is not valid JSON object.',
} as const;

const wireStatuses = Object.values(FUNCTION_WIRE_STATUS) as [FunctionWireStatus, ...FunctionWireStatus[]];

/**
 * The error body on the wire: `status` is a canonical name, `details` any JSON, passed through;
 * `requestId` names the request in the server's log lines (their `reqId`), for a person to quote.
 * The Firebase client SDKs read `status`, `message` and `details` and pass over the rest.
 */
export const functionErrorBodySchema = z.object({
  error: z.object({
    status: z.enum(wireStatuses),
    message: z.string(),
    details: z.optional(z.unknown()),
    requestId: z.optional(z.string()),
  }),
});
export type FunctionErrorBody = z.infer<typeof functionErrorBodySchema>;

/** The error body for a code, a message for people and optional details (left out when undefined). */
export function encodeFunctionError(
  status: FunctionErrorStatus,
  message: string,
  details?: unknown,
): FunctionErrorBody {
  const wire = toWireStatus(status);
  return { error: details === undefined ? { status: wire, message } : { status: wire, message, details } };
}

/** What a client reads from a failed answer: the body's fields where they are usable. */
const receivedErrorBodySchema = z.object({
  error: z.object({
    status: z.optional(z.unknown()),
    message: z.optional(z.unknown()),
    details: z.optional(z.unknown()),
  }),
});

export interface DecodedFunctionError {
  status: FunctionErrorStatus;
  message: string;
  details: unknown;
}

/**
 * Reads a failed answer back into a code: the body's status when it is a known wire name,
 * otherwise the mapping of the HTTP status (docs/product.md §8.2); the body's message when it has one,
 * otherwise the code itself; details as sent.
 */
export function decodeFunctionError(httpStatus: number, body: unknown): DecodedFunctionError {
  const parsed = z.safeParse(receivedErrorBodySchema, body);
  const error = parsed.success ? parsed.data.error : undefined;
  const status = fromWireStatus(error?.status) ?? functionStatusForHttp(httpStatus);
  const message = typeof error?.message === 'string' ? error.message : status;
  return { status, message, details: error?.details };
}

/**
 * The header every request of our own pages carries (the web app's one request path). A page of
 * another site can send it only through a cross-origin fetch, which must first pass a CORS
 * preflight the server never grants; links and forms cannot send it at all. So the server takes
 * it, like `Sec-Fetch-Site: same-origin`, as a request from our pages, also in browsers too old to
 * send Sec-Fetch-Site.
 */
export const OWN_PAGE_HEADER = 'x-outpost-page';
