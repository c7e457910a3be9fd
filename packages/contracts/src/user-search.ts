import { z } from 'zod/mini';
import { adminEnvironmentParamsSchema, environmentSchema } from './environments';
import { PROFILE_KEYS } from './permissions';

/*
 * The admin user search (docs/product.md §7.7's `user-search-{env}`: POST {query} → hits) and the key change
 * made from its hits. Accounts are shared by the environments; the figures on a hit (credits, merch orders,
 * invites) are those of the environment the path names.
 */

export const USER_SEARCH_LIMITS = {
  /** Shorter queries match too much to be useful, and the trigram indexes need three characters. */
  queryMinLength: 3,
  queryMaxLength: 100,
  defaultHits: 20,
  maxHits: 50,
} as const;

export const USER_SEARCH_MESSAGES = {
  queryTooShort: `Type at least ${USER_SEARCH_LIMITS.queryMinLength} characters of a display name or email address.`,
  queryTooLong: `A search is at most ${USER_SEARCH_LIMITS.queryMaxLength} characters.`,
  limit: `limit must be a whole number from 1 to ${USER_SEARCH_LIMITS.maxHits}.`,
} as const;

/** POST /api/admin/:env/user-search. */
export const userSearchInputSchema = z.object({
  query: z
    .string({ error: 'query must be text: part of a display name or email address.' })
    .check(
      z.trim(),
      z.minLength(USER_SEARCH_LIMITS.queryMinLength, { error: USER_SEARCH_MESSAGES.queryTooShort }),
      z.maxLength(USER_SEARCH_LIMITS.queryMaxLength, { error: USER_SEARCH_MESSAGES.queryTooLong }),
    ),
  limit: z._default(
    z
      .int({ error: USER_SEARCH_MESSAGES.limit })
      .check(
        z.minimum(1, { error: USER_SEARCH_MESSAGES.limit }),
        z.maximum(USER_SEARCH_LIMITS.maxHits, { error: USER_SEARCH_MESSAGES.limit }),
      ),
    USER_SEARCH_LIMITS.defaultHits,
  ),
});
export type UserSearchInput = z.input<typeof userSearchInputSchema>;

/**
 * How a hit matched, best first; hits are ordered by it: the whole display name or email
 * (`exact`), the start of a word in either (`prefix`; emails split at `.`, `@`, `_`, `-`),
 * anywhere inside either (`contains`), or within a letter or two of one of those (`typo`).
 */
export const USER_SEARCH_MATCHES = ['exact', 'prefix', 'contains', 'typo'] as const;
export type UserSearchMatch = (typeof USER_SEARCH_MATCHES)[number];

export const userSearchHitSchema = z.object({
  profile: z.object({
    userID: z.string(),
    /** Null for an account whose player has not picked a display name yet. */
    displayName: z.nullable(z.string()),
    email: z.string(),
    /** ISO 8601: when the account was created (docs/product.md §3.2's profile `created`). */
    created: z.string(),
  }),
  keys: z.array(z.string()),
  match: z.enum(USER_SEARCH_MATCHES),
  /** The player's credit balance in this environment. */
  credits: z.int(),
  /** Merch orders the player has paid for in this environment (refunded ones included). */
  merchOrders: z.int(),
  /** The beta invites the player shares in this environment, and how many of them were claimed. */
  invites: z.object({ shared: z.int(), claimed: z.int() }),
});
export type UserSearchHit = z.infer<typeof userSearchHitSchema>;

export const userSearchResultSchema = z.object({
  environment: environmentSchema,
  /** The query as searched: trimmed and lower-cased. */
  query: z.string(),
  hits: z.array(userSearchHitSchema),
  /** More accounts match than the hits shown: the screen asks for a longer query. */
  more: z.boolean(),
});
export type UserSearchResult = z.infer<typeof userSearchResultSchema>;

const KEYS_RULE = `keys must be a list of ${PROFILE_KEYS.join(', ')}.`;

/** PUT /api/admin/:env/users/:userID/keys: the user's whole set of keys, replacing the old one. */
export const userKeysInputSchema = z.object({
  keys: z
    .array(z.enum(PROFILE_KEYS, { error: KEYS_RULE }), { error: KEYS_RULE })
    .check(z.maxLength(PROFILE_KEYS.length * 4, { error: KEYS_RULE })),
});
export type UserKeysInput = z.infer<typeof userKeysInputSchema>;

export const userKeysParamsSchema = z.extend(adminEnvironmentParamsSchema, {
  userID: z.string().check(z.trim(), z.minLength(1, { error: 'userID is required.' }), z.maxLength(128)),
});

/** The keys as saved: each once, in the role table's order. */
export const userKeysResultSchema = z.object({
  userID: z.string(),
  displayName: z.string(),
  keys: z.array(z.string()),
});
export type UserKeysResult = z.infer<typeof userKeysResultSchema>;

export const USER_KEYS_MESSAGES = {
  ownAdminKey:
    'You cannot remove your own admin key: only admins change keys, so you could not undo it, and another admin would have to give it back.',
  noUser: (userID: string) => `No account has the user ID "${userID}".`,
  noProfile: (userID: string) =>
    `The account "${userID}" has no profile yet; it gets one, and can hold keys, once the player picks a display name.`,
  changedMeanwhile:
    'These keys were changed by someone else meanwhile; search again to see them, then make your change.',
} as const;
