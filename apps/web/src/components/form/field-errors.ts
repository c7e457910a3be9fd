import { z } from 'zod/mini';

/** Each field's message, keyed by the field's path in the schema ("email", "shippingAddress.city"); "" for the form. */
export type FieldErrors<Field extends string = string> = Partial<Record<Field, string>>;

export type FieldCheck<Value> = { ok: true; value: Value } | { ok: false; errors: FieldErrors };

/** The key of a field in FieldErrors: its path joined with dots. */
export function fieldKey(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}

/**
 * Parses a form's values with the contracts' schema the server parses with, and answers every
 * field's problem (the first one of each field), so the form can show each message at its field.
 * A form that passes is not refused by the server for its shape.
 */
export function checkFields<Schema extends z.ZodMiniType>(schema: Schema, raw: unknown): FieldCheck<z.output<Schema>> {
  const result = z.safeParse(schema, raw);
  if (result.success) return { ok: true, value: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = fieldKey(issue.path);
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}
