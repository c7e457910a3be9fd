import type { FormNotice } from './form-alert';

/**
 * The error notice for a failed request: the server's own message (our API answers every refusal
 * with one that says what to do), or `fallback` when the failure carried none.
 */
export function failureNotice(error: unknown, fallback: string): FormNotice {
  return { tone: 'error', text: error instanceof Error && error.message ? error.message : fallback };
}
