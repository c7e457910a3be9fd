import { type FunctionErrorBody, functionStatusForHttp } from '@outpost/contracts/callable';
import { authErrorMessage } from '@outpost/contracts/identity';
import { errorBody } from '../platform/http/errors';

/** better-auth's error codes as docs/product.md §8.1 names them; the web shows that section's message for each. */
const CODES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'wrong-password',
  INVALID_EMAIL: 'invalid-email',
  USER_ALREADY_EXISTS: 'email-already-in-use',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'email-already-in-use',
  VALIDATION_ERROR: 'argument-error',
  INVALID_PASSWORD: 'wrong-password',
  PASSWORD_TOO_SHORT: 'weak-password',
  PASSWORD_TOO_LONG: 'weak-password',
  INVALID_TOKEN: 'invalid-action-code',
  ACCOUNT_NOT_FOUND: 'user-not-found',
  USER_NOT_FOUND: 'user-not-found',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'credential-already-in-use',
};

/** The status mapping of docs/product.md §8.2 has no 422 and the like; the library's other codes become these. */
function protocolHttp(httpStatus: number, code: string): number {
  if (code === 'email-already-in-use') return 409;
  if (functionStatusForHttp(httpStatus) !== 'unknown') return httpStatus;
  return httpStatus >= 500 ? 500 : 400;
}

/**
 * Our error shape and HTTP status for a library error answer, with its code of docs/product.md §8.1;
 * the message is that section's for its codes and its catch-all with the code otherwise.
 */
export function authError(
  httpStatus: number,
  libraryCode: string | undefined,
): { http: number; body: FunctionErrorBody } {
  const fallback = httpStatus === 404 ? 'not-found' : httpStatus >= 500 ? 'internal' : 'argument-error';
  const code =
    httpStatus === 429
      ? 'too-many-requests'
      : (CODES[libraryCode ?? ''] ?? (libraryCode ? libraryCode.toLowerCase().replaceAll('_', '-') : fallback));
  const http = protocolHttp(httpStatus, code);
  return { http, body: errorBody(functionStatusForHttp(http), authErrorMessage(code), { code }) };
}
