import { encodeFunctionError, type FunctionErrorStatus } from '@outpost/contracts/callable';
import { expect } from 'vitest';

/**
 * An error answer as tests expect it: the body `errorBody()` builds, plus the id of the request it
 * answered (`error.requestId`, the `reqId` of the request's log lines), whatever that id is.
 */
export function errorAnswer(status: FunctionErrorStatus, message: string, details?: unknown) {
  const { error } = encodeFunctionError(status, message, details);
  return { error: { ...error, requestId: expect.any(String) } };
}
