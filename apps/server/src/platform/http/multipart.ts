import { FunctionError } from './errors';

/**
 * What reading a multipart body threw, as an answer for people. @fastify/multipart's refusals of
 * the route's limits carry a code, which `byCode` words for the route (or leaves as it is);
 * busboy's complaints about the body itself (no boundary, another boundary than the one used, a
 * body cut short) are plain errors without one, and are the sender's fault: a 400, not a 500.
 */
export function multipartRefusal(error: unknown, byCode: (code: string) => unknown): unknown {
  if (error instanceof FunctionError || !(error instanceof Error)) return error;
  const { code } = error as { code?: unknown };
  if (typeof code === 'string') return byCode(code) ?? error;
  return new FunctionError(
    'invalid-argument',
    `The upload is not a well-formed multipart/form-data body (${error.message}); send the form again.`,
  );
}
