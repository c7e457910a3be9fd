import {
  authEmailSchema,
  displayNameSchema,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '@outpost/contracts/identity';
import { z } from 'zod/mini';

/**
 * The checks the forms run before calling the server, with the same contracts schemas the server
 * parses with, so a value that passes here is not refused there for its shape.
 */
export type Checked = { ok: true; value: string } | { ok: false; error: string };

function parseWith(schema: z.ZodMiniType<string, unknown>, raw: string): Checked {
  const result = z.safeParse(schema, raw);
  return result.success
    ? { ok: true, value: result.data }
    : { ok: false, error: result.error.issues[0]?.message ?? 'Please check this field.' };
}

/**
 * 'Invalid Email' (docs/product.md §8.1) for anything that is not an address; the value comes back
 * trimmed and lower-cased.
 */
export const checkEmail = (raw: string) => parseWith(authEmailSchema, raw);

export const checkDisplayName = (raw: string) => parseWith(displayNameSchema, raw);

export const PASSWORD_RULE = `At least ${PASSWORD_MIN_LENGTH} characters.`;

/** A password being chosen: the server's length rule, said before the server refuses it. */
export function checkNewPassword(raw: string): Checked {
  if (raw.length < PASSWORD_MIN_LENGTH) return { ok: false, error: `Use at least ${PASSWORD_MIN_LENGTH} characters.` };
  if (raw.length > PASSWORD_MAX_LENGTH) return { ok: false, error: `Use at most ${PASSWORD_MAX_LENGTH} characters.` };
  return { ok: true, value: raw };
}

/** A password being entered: only its presence is ours to check; the server says whether it is right. */
export function checkPassword(raw: string): Checked {
  return raw === '' ? { ok: false, error: 'Enter your password.' } : { ok: true, value: raw };
}

export type Validated<Field extends string> =
  | { ok: true; values: Record<Field, string> }
  | { ok: false; errors: Partial<Record<Field, string>> };

/** Runs a form's checks together, so every invalid field is reported at once. */
export function validate<Field extends string>(checks: Record<Field, Checked>): Validated<Field> {
  const entries = Object.entries(checks) as [Field, Checked][];
  const errors: Partial<Record<Field, string>> = {};
  const values = {} as Record<Field, string>;
  for (const [field, checked] of entries) {
    if (checked.ok) values[field] = checked.value;
    else errors[field] = checked.error;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, values };
}
