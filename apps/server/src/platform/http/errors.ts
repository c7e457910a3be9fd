import {
  encodeFunctionError,
  type FunctionErrorBody,
  type FunctionErrorStatus,
  functionStatusForHttp,
  HTTP_BY_FUNCTION_STATUS,
} from '@outpost/contracts/callable';
import { fieldErrorDetails } from '@outpost/contracts/field-errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod/mini';
import { STORE_RETRY_AFTER_SECONDS, storeTrouble, storeTroubleMessage } from '../db/unavailable';

type KnownStatus = Exclude<FunctionErrorStatus, 'unknown'>;

/** An error a route throws to answer with one of the protocol's statuses and a message for people. */
export class FunctionError extends Error {
  readonly status: KnownStatus;
  readonly details: unknown;
  /** Set where HTTP has a more precise status than the code's own, such as 413 for an upload too large. */
  readonly #httpStatus: number | undefined;

  constructor(status: KnownStatus, message: string, details?: unknown, httpStatus?: number) {
    super(message);
    this.status = status;
    this.details = details;
    this.#httpStatus = httpStatus;
  }

  get httpStatus(): number {
    return this.#httpStatus ?? HTTP_BY_FUNCTION_STATUS[this.status];
  }
}

/**
 * Runs a route's work, answering the domain's refusals as the protocol's errors: `refusal` maps a
 * domain error to a FunctionError and hands back anything it does not know, which stays a fault.
 */
export function answering(refusal: (error: unknown) => unknown) {
  return async <Result>(work: () => Promise<Result>): Promise<Result> => {
    try {
      return await work();
    } catch (error) {
      throw refusal(error);
    }
  };
}

/**
 * The one builder of API error bodies: the code travels under its canonical wire name
 * (`INVALID_ARGUMENT`, …), as the Firebase client SDKs decode it; details are passed through.
 */
export function errorBody(status: FunctionErrorStatus, message: string, details?: unknown): FunctionErrorBody {
  return encodeFunctionError(status, message, details);
}

/**
 * An error body as it answers `request`: with the request's id, which every log line of the
 * request carries as `reqId`, so the person who got the error can quote it and an operator find it.
 */
export function answeredError(request: FastifyRequest, body: FunctionErrorBody): FunctionErrorBody {
  return { error: { ...body.error, requestId: request.id } };
}

/** Messages for the framework's own client errors, which otherwise speak in codes. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as application/json.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body length does not match its Content-Length header.',
  FST_ERR_BAD_URL: 'The address of the request is not a valid URL.',
};

/**
 * Whether a refusal names the fields at fault in `details.fields`: a back-office form's body, so
 * the screen can mark each field and focus the first. The functions' and the auth routes' error
 * bodies keep the shapes their clients (Firebase's SDKs among them) know.
 */
function namesFields(error: Error, request: FastifyRequest | undefined): boolean {
  const context = (error as { validationContext?: unknown }).validationContext;
  return context === 'body' && (request?.routeOptions.url ?? '').startsWith('/api/admin/');
}

function toFunctionError(
  error: FastifyError | Error,
  request?: FastifyRequest,
): { http: number; body: FunctionErrorBody } {
  if (error instanceof FunctionError) {
    return { http: error.httpStatus, body: errorBody(error.status, error.message, error.details) };
  }
  if (error instanceof z.core.$ZodError) {
    const issue = error.issues[0];
    const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    const details = namesFields(error, request) ? fieldErrorDetails(error.issues) : undefined;
    return { http: 400, body: errorBody('invalid-argument', `${where}${issue?.message ?? 'Invalid input.'}`, details) };
  }
  const trouble = storeTrouble(error);
  if (trouble) return { http: 503, body: errorBody('unavailable', storeTroubleMessage(trouble)) };
  const fastifyError = error as FastifyError;
  const statusCode = fastifyError.statusCode ?? 500;
  if (statusCode >= 500) return { http: 500, body: errorBody('internal', 'Internal error.') };
  const message = FRAMEWORK_MESSAGES[fastifyError.code] ?? error.message;
  // The protocol has no code of its own for 413; the HTTP status still tells clients not to resend as is.
  if (statusCode === 413) return { http: 413, body: errorBody('invalid-argument', message) };
  const status = functionStatusForHttp(statusCode);
  // The protocol knows a fixed set of statuses; other client errors are the caller's bad input.
  return status === 'unknown'
    ? { http: 400, body: errorBody('invalid-argument', message) }
    : { http: statusCode, body: errorBody(status, message) };
}

/**
 * One error shape for every API route: {error: {status, message, details?, requestId}} with the
 * wire name in `status`; 5xx internals stay in the log, under the request id the answer shows.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { http, body } = toFunctionError(error, request);
    if (http >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ status: body.error.status, message: body.error.message }, 'request refused');
    // A store out of reach is a moment's trouble: the client is told when to ask again.
    if (http === 503) reply.header('retry-after', String(STORE_RETRY_AFTER_SECONDS));
    return reply.code(http).send(answeredError(request, body));
  });
}

/**
 * Fastify answers some requests before routing, so before any hook (a malformed URL such as
 * `/api/%zz`); this gives them our error shape and the headers of an unmatched path.
 */
export function frameworkErrorHandler(headers: Readonly<Record<string, string>>) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const { http, body } = toFunctionError(error);
    request.log.info({ status: body.error.status, message: body.error.message }, 'request refused');
    return reply.headers(headers).code(http).send(answeredError(request, body));
  };
}
