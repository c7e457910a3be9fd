import { z } from 'zod/mini';
import { CallableError, parseResult, sendRequest } from './callable';

const codeSchema = z.object({ code: z.string() });

/** The auth error code (docs/product.md §8.1) a failure carries in `details.code`, e.g. 'wrong-password'. */
export function errorCode(error: unknown): string | undefined {
  if (!(error instanceof CallableError)) return undefined;
  const parsed = z.safeParse(codeSchema, error.details);
  return parsed.success ? parsed.data.code : undefined;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /**
   * POST and PUT only. Sent as JSON (`{}` when absent: the auth routes refuse an empty body), or
   * as multipart/form-data when it is a FormData (file uploads).
   */
  body?: unknown;
  /** The request key of a spend or claim: one per intent, the same for its retries. */
  requestKey?: string;
}

/**
 * Calls one of our plain JSON endpoints (the auth routes, the admin API) on the page's own
 * origin, so the session cookie and the Origin header go along, and parses the answer with
 * `schema`. Failures are CallableErrors with the protocol's status names, like the callables'.
 */
export async function requestJson<Schema extends z.ZodMiniType>(
  path: string,
  schema: Schema,
  options: RequestOptions = {},
): Promise<z.output<Schema>> {
  const method = options.method ?? 'GET';
  const body = options.body instanceof FormData ? options.body : JSON.stringify(options.body ?? {});
  const bodiless = method === 'GET' || method === 'DELETE';
  const { body: answer } = await sendRequest(
    path,
    bodiless ? { method } : { method, body },
    options.requestKey ? { requestKey: options.requestKey } : {},
  );
  return parseResult(schema, answer);
}
