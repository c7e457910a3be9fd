import {
  CALLABLE_MESSAGES,
  decodeFunctionError,
  FUNCTIONS_TIMEOUT_MS,
  type FunctionErrorStatus,
  OWN_PAGE_HEADER,
} from '@outpost/contracts/callable';
import { IDEMPOTENCY_KEY_HEADER } from '@outpost/contracts/idempotency';
import { z } from 'zod/mini';

/**
 * A failed call, with the protocol's lower-case code (docs/product.md §8.2; the body carries its upper-case
 * wire name) and the server's message.
 */
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

/**
 * A call that failed without the server's answer (it could not be reached, or did not answer in
 * time): what the server did is unknown, so a screen must not say the change was refused.
 */
export function isUnanswered(error: unknown): boolean {
  return error instanceof CallableError && (error.status === 'unavailable' || error.status === 'deadline-exceeded');
}

export interface CallOptions {
  timeoutMs?: number;
  /** Sent as `Authorization: Bearer …`; the web app's own pages rely on their session cookie instead. */
  bearerToken?: string;
  /** The push-messaging token, sent as `Firebase-Instance-ID-Token` like the game's client does. */
  messagingToken?: string;
  /** Attach an attestation token (solving the captcha first when none is held). */
  attestation?: boolean;
  /** The request key of a spend or claim (IDEMPOTENCY_KEY_HEADER): one per intent, the same for its retries. */
  requestKey?: string;
  /** Base URL; the web app calls its own origin. */
  baseUrl?: string;
  fetch?: typeof fetch;
}

/** The code a failure carries when no answer arrived (the hosted identity SDK's name for it). */
export const NETWORK_ERROR_CODE = 'network-request-failed';
export const NETWORK_ERROR_MESSAGE = 'Could not reach the server. Check your connection and try again.';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The headers of docs/product.md §7.3's client (bearer auth, the messaging token, the attestation token)
 * and a spend's request key.
 */
async function credentialHeaders(options: CallOptions): Promise<Record<string, string>> {
  const headers: Record<string, string> = {};
  if (options.bearerToken) headers.authorization = `Bearer ${options.bearerToken}`;
  if (options.messagingToken) headers['firebase-instance-id-token'] = options.messagingToken;
  if (options.requestKey) headers[IDEMPOTENCY_KEY_HEADER] = options.requestKey;
  if (options.attestation) {
    try {
      const { getAttestationHeaders } = await import('./attestation/get-token');
      Object.assign(headers, await getAttestationHeaders());
    } catch (error) {
      // Without a token the call still goes out: the server decides (monitor logs, enforce refuses).
      console.warn('no attestation token for this call', error);
    }
  }
  return headers;
}

/**
 * How a successful answer's body is read: JSON (our API's answers), or text (docs/product.md §7.1's product
 * functions whose output is text, e.g. subscribe-to-drop). A failure is the JSON error shape either way.
 */
export type AnswerFormat = 'json' | 'text';

/** A body as JSON, or undefined when it is not (an empty answer, a proxy's HTML page). */
function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Sends one request to our own origin with the timeout and credentials, and reads its body (JSON,
 * or the text itself when `answer` is 'text'); a failure becomes a CallableError with the
 * protocol's status name (docs/product.md §8.2).
 */
export async function sendRequest(
  path: string,
  /** A string body is JSON; a FormData body goes as multipart, its boundary written by fetch. */
  init: { method: string; body?: string | FormData },
  options: CallOptions,
  answer: AnswerFormat = 'json',
): Promise<{ response: Response; body: unknown }> {
  const timeoutMs = options.timeoutMs ?? FUNCTIONS_TIMEOUT_MS;
  const headers = {
    [OWN_PAGE_HEADER]: '1',
    ...(typeof init.body === 'string' ? { 'content-type': 'application/json' } : {}),
    ...(await credentialHeaders(options)),
  };
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let response: Response;
  let text: string;
  try {
    response = await (options.fetch ?? fetch)(`${options.baseUrl ?? ''}${path}`, {
      ...init,
      headers,
      // The session cookie goes to our own origin only.
      credentials: 'same-origin',
      signal: controller.signal,
    });
    text = await response.text();
  } catch {
    if (controller.signal.aborted) throw new CallableError('deadline-exceeded', `No answer within ${timeoutMs} ms.`);
    throw new CallableError('unavailable', NETWORK_ERROR_MESSAGE, { code: NETWORK_ERROR_CODE });
  } finally {
    clearTimeout(timer);
  }
  if (!response.ok) {
    const { status, message, details } = decodeFunctionError(response.status, jsonOf(text));
    throw new CallableError(status, message, details);
  }
  return { response, body: answer === 'text' ? text : jsonOf(text) };
}

export function parseResult<Schema extends z.ZodMiniType>(schema: Schema, value: unknown): z.output<Schema> {
  const result = z.safeParse(schema, value);
  if (!result.success) throw new CallableError('internal', 'The response did not have the expected shape.');
  return result.data;
}

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
  const { body } = await sendRequest(
    `/api/callable/${name}`,
    { method: 'POST', body: JSON.stringify({ data: data ?? null }) },
    options,
  );
  if (!isObject(body)) throw new CallableError('internal', CALLABLE_MESSAGES.notJsonObject);
  if (!('data' in body)) throw new CallableError('internal', CALLABLE_MESSAGES.missingData);
  return parseResult(schema, body.data);
}

/**
 * Calls a product function, `/api/fn/<name>` (docs/product.md §7.1), with the same credentials, timeout and
 * error mapping as callables; its answer is plain JSON, or text for the functions whose output
 * §7.1 says is text (`answer: 'text'`, parsed with a string schema). Product functions carry
 * attestation.
 */
export async function callHttpFunction<Schema extends z.ZodMiniType>(
  request: {
    method: 'GET' | 'POST';
    name: string;
    query?: Record<string, string>;
    body?: unknown;
    answer?: AnswerFormat;
  },
  schema: Schema,
  options: CallOptions = { attestation: true },
): Promise<z.output<Schema>> {
  const query = request.query ? `?${new URLSearchParams(request.query)}` : '';
  const { body } = await sendRequest(
    `/api/fn/${request.name}${query}`,
    { method: request.method, ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }) },
    options,
    request.answer,
  );
  return parseResult(schema, body);
}
