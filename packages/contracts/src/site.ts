import { z } from 'zod/mini';

/** Callables of the public site, served under /api/callable/<name>. */
export const SITE_CALLABLES = {
  signupForEmails: 'signupForEmails',
  signupCount: 'signupCount',
} as const;

/** Landing-page messages, word for word from docs/product.md §5.1, §7.2. */
export const SIGNUP_MESSAGES = {
  invalidEmail: 'Please enter a valid email address.',
  success: "Thank you for signing up! We'll keep you updated on our launch.",
  failure: 'There was an error signing up. Please try again later.',
} as const;

/** The Not-found screen sends the user home after this delay (docs/product.md §9.1). */
export const NOT_FOUND_REDIRECT_MS = 3000;

/** The signup value must be longer than this many characters (docs/product.md §9.1). */
export const EMAIL_SIGNUP_MIN_EXCLUSIVE = 5;
/** RFC 5321's limit on a forward path; longer input is not an address. */
export const EMAIL_MAX_LENGTH = 254;

/** True when the raw value passes docs/product.md §5.1: non-empty, longer than 5 characters, contains @. */
export function isSignupEmailValid(value: string): boolean {
  return value.length > EMAIL_SIGNUP_MIN_EXCLUSIVE && value.includes('@') && value.length <= EMAIL_MAX_LENGTH;
}

/**
 * The signupForEmails payload: the email string only (docs/product.md §7.2). Used by the form and by the
 * server, which stores the normalised (trimmed, lower-cased) address.
 */
export const signupEmailSchema = z
  .string({ error: SIGNUP_MESSAGES.invalidEmail })
  .check(z.trim(), z.refine(isSignupEmailValid, { error: SIGNUP_MESSAGES.invalidEmail }), z.toLowerCase());

export const signupResultSchema = z.object({
  email: z.string(),
  /** False when the address was already on the list; signing up twice is still a success. */
  created: z.boolean(),
});
export type SignupResult = z.infer<typeof signupResultSchema>;

export const signupCountSchema = z.object({ count: z.int().check(z.nonnegative()) });
export type SignupCount = z.infer<typeof signupCountSchema>;
