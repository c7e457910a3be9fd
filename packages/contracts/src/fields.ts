import { z } from 'zod/mini';

/**
 * Field schemas several domains' contracts share. Each takes the message its domain says, so a
 * person reads the rule of the field they filled in.
 */

/** An id people type and links carry: lower-case letters, digits and '-', trimmed and lower-cased. */
export const slug = (max: number, message: string) =>
  z
    .string({ error: message })
    .check(
      z.trim(),
      z.toLowerCase(),
      z.minLength(1, { error: message }),
      z.maxLength(max, { error: message }),
      z.regex(/^[a-z0-9][a-z0-9-]*$/, { error: message }),
    );

/** A whole number from `min` to `max`. */
export const wholeNumber = (message: string, min: number, max: number) =>
  z.int({ error: message }).check(z.minimum(min, { error: message }), z.maximum(max, { error: message }));

/** An optional true/false filter of a query string. */
export const booleanQuery = (name: string) =>
  z.optional(
    z.pipe(
      z.enum(['true', 'false'], { error: `${name} must be true or false.` }),
      z.transform((text) => text === 'true'),
    ),
  );
