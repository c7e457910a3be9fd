import { z } from 'zod/mini';
import { premiumSchema } from './subscriptions/schemas';

/** The messages shown for authentication error codes, word for word (docs/product.md §8.1). */
export const AUTH_MESSAGES = {
  'user-not-found': 'User does not exist. Did you mean to sign up?',
  'credential-already-in-use': 'This account exists under another sign-in method.',
  'argument-error': 'Bad data, please try again.',
  'email-already-in-use': 'Email is already in use.',
  'cancelled-popup-request': 'Login window cancelled.',
  'invalid-email': 'Invalid Email',
  'wrong-password': 'Invalid email or password.',
} as const;

export type KnownAuthErrorCode = keyof typeof AUTH_MESSAGES;

/** The message for any auth error code: the table of docs/product.md §8.1, else its catch-all with the code. */
export function authErrorMessage(code: string): string {
  return (AUTH_MESSAGES as Record<string, string>)[code] ?? `An error occurred. Please try again later. ${code}`;
}

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** Account ids are better-auth's (32 characters); the bound only keeps nonsense out of queries and logs. */
export const USER_ID_MAX_LENGTH = 200;

export const DISPLAY_NAME_RULE = 'Display names are 3 to 20 letters, digits, _ or -.';
export const displayNameSchema = z
  .string({ error: DISPLAY_NAME_RULE })
  .check(z.trim(), z.regex(/^[A-Za-z0-9_-]{3,20}$/, { error: DISPLAY_NAME_RULE }));

export const authEmailSchema = z
  .string({ error: AUTH_MESSAGES['invalid-email'] })
  .check(z.trim(), z.toLowerCase(), z.email({ error: AUTH_MESSAGES['invalid-email'] }), z.maxLength(254));

export const DISPLAY_NAME_TAKEN = 'That display name is taken. Please pick another.';

/** POST /api/fn/register (docs/product.md §7.1): creates the profile of the signed-in account. */
export const registerInputSchema = z.object({ email: authEmailSchema, displayName: displayNameSchema });
export type RegisterInput = z.infer<typeof registerInputSchema>;

export const profileSchema = z.object({
  displayName: z.string(),
  keys: z.array(z.string()),
  created: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

/**
 * PUT /api/account/profile: the signed-in player's new display name, by register's rules; answers
 * the profile as stored (creating it for an account that signed up without one).
 */
export const updateProfileInputSchema = z.object({ displayName: displayNameSchema });
export type UpdateProfileInput = z.infer<typeof updateProfileInputSchema>;

/**
 * Why a session ended, or why what a live stream opened with it may see changed: the last event of
 * such a stream (`ended`, see live-topics.ts), and what GET /api/auth/me says of a credential whose
 * session ended in a way its holder did not see (elsewhere, or by someone else).
 */
export const SESSION_END_CAUSES = [
  'signed-out',
  'password-changed',
  'suspended',
  'deleted',
  'ended',
  /** Not an end of the session: the account's keys changed what the stream may follow or receive. */
  'access-changed',
] as const;
export type SessionEndCause = (typeof SESSION_END_CAUSES)[number];

/** What each end says; a suspension says until when and why, as signing in does (account-lifecycle-text.ts). */
export const SESSION_END_MESSAGES: Record<Exclude<SessionEndCause, 'suspended'>, string> = {
  'signed-out': 'You signed out, here or in another tab or device.',
  'password-changed': 'Your password was changed, which signed this session out. Sign in with the new password.',
  deleted: 'This account was deleted.',
  ended: 'Your session ended. Please sign in again.',
  'access-changed': 'What your account may see changed, so live updates start over with its new access.',
};

/** An end other than a suspension, in its one message. */
export function sessionEnd(cause: Exclude<SessionEndCause, 'suspended'>): SessionEnd {
  return { cause, message: SESSION_END_MESSAGES[cause] };
}

export const sessionEndSchema = z.object({
  cause: z.enum(SESSION_END_CAUSES),
  message: z.string(),
  /** A suspension's reason and end (null: until lifted), the details a refused sign-in gives. */
  suspension: z.optional(z.object({ reason: z.string(), endsAt: z.nullable(z.string()) })),
});
export type SessionEnd = z.infer<typeof sessionEndSchema>;

/**
 * What other domains add to the signed-in player's profile as GET /api/auth/me answers it, so the
 * game reads them with the profile: premium, whatever the channel (the same answer as getPremium).
 */
export const profileAdditionsSchema = z.object({ premium: z.optional(premiumSchema) });
export type ProfileAdditions = z.infer<typeof profileAdditionsSchema>;

/**
 * GET /api/auth/me: who the session belongs to; both null for a visitor. `sessionEnded`: the
 * session the request presented ended, and why (a suspension, a password changed elsewhere, …).
 */
export const meSchema = z.object({
  user: z.nullable(z.object({ id: z.string(), email: z.string() })),
  profile: z.nullable(z.extend(profileSchema, profileAdditionsSchema.shape)),
  sessionEnded: z.optional(sessionEndSchema),
});
export type Me = z.infer<typeof meSchema>;

export const checkEmailQuerySchema = z.object({ email: authEmailSchema });
export const checkEmailResultSchema = z.object({ exists: z.boolean() });

/** POST /api/fn/register-for-email-segment; userID is a guest placeholder when signed out. */
export const GUEST_USER_ID = 'guest';
export const emailSegmentInputSchema = z.object({
  segmentID: z
    .string()
    .check(z.trim(), z.regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'segmentID must be 1 to 64 letters, digits, _ or -.' })),
  email: authEmailSchema,
  userID: z.string().check(z.trim(), z.minLength(1, { error: 'userID is required.' }), z.maxLength(128)),
});
export type EmailSegmentInput = z.infer<typeof emailSegmentInputSchema>;

/** What register-for-email-segment answers; `created` is false when the address was already registered. */
export const emailSegmentResultSchema = z.object({ segmentID: z.string(), email: z.string(), created: z.boolean() });
export type EmailSegmentResult = z.infer<typeof emailSegmentResultSchema>;
