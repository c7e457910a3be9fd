import { z } from 'zod/mini';

/*
 * Request keys for the calls that spend or claim (the route table marks them `idempotent`). A
 * client makes one key per intent (one click on "Spin", one checkout) and sends it with every try of
 * that intent; the server carries out the first and answers every repeat with the first answer.
 * The web app and the game send it as a header; a GET product function or a callable may carry it
 * as a field instead, for clients that cannot set headers.
 */

/** The header, as IETF's draft "The Idempotency-Key HTTP Header Field" and Stripe name it. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** The same key as a query field of a GET product function. */
export const IDEMPOTENCY_KEY_FIELD = 'idempotencyKey';
/** Set on an answer that repeats a first answer rather than carrying out the request again. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
/** At least this long a key is remembered with its answer; a later repeat is a new request. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

/** How the API's document describes a route that spends or claims. */
export const IDEMPOTENT_ROUTE_DESCRIPTION = `Spends or claims. Send an Idempotency-Key header (or, on a GET product function, the ${IDEMPOTENCY_KEY_FIELD} query field) made once per purchase or claim: repeats of that key within ${IDEMPOTENCY_KEY_TTL_HOURS} hours answer the first answer (with Idempotent-Replayed: true) and carry out nothing; the same key for a different request is refused with 409.`;

/** `details.code` of each refusal, so a client can tell them apart without reading the words. */
export const IDEMPOTENCY_CODES = {
  reused: 'idempotency-key-reused',
  inProgress: 'idempotency-key-in-progress',
  cutOff: 'idempotency-key-cut-off',
} as const;

export const IDEMPOTENCY_MESSAGES = {
  invalid: `An Idempotency-Key is 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} visible characters (letters, digits and punctuation, no spaces); a random UUID made once per purchase or claim is best.`,
  twoKeys: 'The Idempotency-Key header and the idempotencyKey field differ: send one key for one request.',
  reused: 'This Idempotency-Key was already used for a different request. Make a new key for a new purchase or claim.',
  inProgress:
    'A request with this Idempotency-Key is still being carried out. Ask again in a moment to get its answer: it is carried out only once.',
  cutOff:
    'The first request with this Idempotency-Key was cut off before it answered, so it may or may not have gone through. Check your balance, items and orders before you try again with a new key.',
} as const;

// Visible ASCII, as the header's value must be and as Stripe's keys are.
const VISIBLE_ASCII = /^[\x21-\x7e]+$/;

export const idempotencyKeySchema = z
  .string({ error: IDEMPOTENCY_MESSAGES.invalid })
  .check(
    z.minLength(1, { error: IDEMPOTENCY_MESSAGES.invalid }),
    z.maxLength(IDEMPOTENCY_KEY_MAX_LENGTH, { error: IDEMPOTENCY_MESSAGES.invalid }),
    z.regex(VISIBLE_ASCII, { error: IDEMPOTENCY_MESSAGES.invalid }),
  );

/** The optional key field a GET product function's query takes, spread into its query schema. */
export const idempotencyKeyField = { [IDEMPOTENCY_KEY_FIELD]: z.optional(idempotencyKeySchema) } as const;
