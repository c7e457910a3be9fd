import type { FunctionErrorStatus } from '@outpost/contracts/callable';
import { functionStatusForHttp } from '@outpost/contracts/callable';
import { authErrorMessage } from '@outpost/contracts/identity';

/** better-auth's error codes in the spec's vocabulary (§8); the web shows the spec's message for each. */
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

export interface AuthErrorBody {
  error: { status: FunctionErrorStatus; message: string; details: { code: string } };
}

/** Our error shape for a library error answer, with the spec's code and message. */
export function authErrorBody(httpStatus: number, libraryCode: string | undefined): AuthErrorBody {
  const code =
    httpStatus === 429
      ? 'too-many-requests'
      : (CODES[libraryCode ?? ''] ?? (libraryCode ?? 'internal').toLowerCase().replaceAll('_', '-'));
  const message =
    code === 'too-many-requests'
      ? 'Too many attempts. Please wait a minute and try again.'
      : code === 'weak-password'
        ? 'Choose a password of 8 to 128 characters.'
        : authErrorMessage(code);
  return { error: { status: functionStatusForHttp(httpStatus), message, details: { code } } };
}
