import { fieldPath, fieldsOfDetails } from '@outpost/contracts/field-errors';
import { z } from 'zod/mini';

/** Each field's message, keyed by the field's path in the schema ("email", "shippingAddress.city"); "" for the form. */
export type FieldErrors<Field extends string = string> = Partial<Record<Field, string>>;

export type FieldCheck<Value> = { ok: true; value: Value } | { ok: false; errors: FieldErrors };

/** The key of a field in FieldErrors: its path joined with dots, as the server's refusals key it too. */
export const fieldKey = fieldPath;

/** Every field's first problem among these issues, keyed by its path, as a form shows them. */
export function issueFields(issues: readonly z.core.$ZodIssue[], describe?: (issue: z.core.$ZodIssue) => string) {
  const errors: FieldErrors = {};
  for (const issue of issues) errors[fieldKey(issue.path)] ??= describe ? describe(issue) : issue.message;
  return errors;
}

/**
 * Parses a form's values with the contracts' schema the server parses with, and answers every
 * field's problem (the first one of each field), so the form can show each message at its field.
 * A form that passes is not refused by the server for its shape.
 */
export function checkFields<Schema extends z.ZodMiniType>(schema: Schema, raw: unknown): FieldCheck<z.output<Schema>> {
  const result = z.safeParse(schema, raw);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, errors: issueFields(result.error.issues) };
}

const detailsOf = (error: unknown) =>
  typeof error === 'object' && error !== null && 'details' in error ? error.details : undefined;

/**
 * The fields a refused request got wrong (the server's `details.fields`), keyed as the form keys
 * them. `within` is where the form's values sit in the request's body ("product" when the body is
 * `{product, images}`); fields outside it are not the form's and are left out.
 */
export function refusedFields(error: unknown, within = ''): FieldErrors {
  const prefix = within === '' ? '' : `${within}.`;
  const errors: FieldErrors = {};
  for (const [path, message] of Object.entries(fieldsOfDetails(detailsOf(error)))) {
    if (path.startsWith(prefix)) errors[path.slice(prefix.length)] = message;
  }
  return errors;
}

/**
 * What a refusal says to people: the server's message, without the field path it starts with when
 * the refusal names that field (the field itself is marked, and the messages of docs/product.md §5.2 and §5.3 are shown
 * word for word: "price: Please fill out all fields." reads "Please fill out all fields.").
 */
export function refusalText(error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  for (const [path, fieldMessage] of Object.entries(fieldsOfDetails(detailsOf(error)))) {
    if (message === `${path}: ${fieldMessage}`) return fieldMessage;
  }
  return message;
}

/**
 * The message of the field at `path` or of any field within it ("tiers.0.items" for
 * "tiers.0.items.1"), for a control that holds a whole list as one text.
 */
export function errorWithin(errors: FieldErrors, path: string): string | undefined {
  return errors[path] ?? Object.entries(errors).find(([key]) => key.startsWith(`${path}.`))?.[1];
}
