/*
 * What a log line may show of a request: never a secret (docs/decisions/0028-nothing-secret-in-the-logs.md). Headers
 * are never logged (the bearer token, the session cookie, a service or metrics key travel there);
 * the address is, with what credentials travel in addresses masked: the token of a password reset
 * link (`/login?mode=reset&token=…`, and the auth library's own `/api/auth/reset-password/<token>`)
 * and any query parameter named like a credential.
 */

const MASK = '[Redacted]';

/** Query parameters whose value is a credential wherever they appear. */
const SECRET_PARAMETER = /([?&](?:token|access_token|id_token|code|key|secret|password|signature)=)[^&#]*/gi;

/** The auth library's reset link carries its token in the path. */
const RESET_PATH = '/api/auth/reset-password/';
const TOKEN_IN_PATH = /^(\/api\/auth\/reset-password\/)[^?#]+/;

/** The address as logged: credentials in its path or query masked. */
export function loggableUrl(url: string): string {
  // Most addresses have neither a query nor the reset path: no pattern to run (one per access line).
  const masked = url.startsWith(RESET_PATH) ? url.replace(TOKEN_IN_PATH, `$1${MASK}`) : url;
  return masked.includes('?') ? masked.replace(SECRET_PARAMETER, `$1${MASK}`) : masked;
}

/** pino's `req` serializer: method, address (masked) and client address; never the headers or the body. */
export function serializeRequest(request: { method: string; url: string; ip: string }): Record<string, string> {
  return { method: request.method, url: loggableUrl(request.url), remoteAddress: request.ip };
}
