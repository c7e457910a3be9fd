import { z } from 'zod/mini';

/**
 * Which fields a refused request got wrong, so a form can mark them and move focus to the first:
 * an error's `details.fields` maps each field's path in the request's input to its message
 * ("varieties.1.stripeID" → 'Stripe Product ID is required for all varieties.'; "" for the input
 * as a whole), in the order the check found them. Paths name the input's fields, never a store's
 * columns, so any client can point at its own control.
 */
export const fieldErrorDetailsSchema = z.object({ fields: z.record(z.string(), z.string()) });
export type FieldErrorDetails = z.infer<typeof fieldErrorDetailsSchema>;

/** A field's path as details and forms key it: its segments joined with dots. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}

/** The details of a refusal for these problems: each field's first message, keyed by its path. */
export function fieldErrorDetails(
  problems: readonly { path: readonly PropertyKey[]; message: string }[],
): FieldErrorDetails {
  const fields: Record<string, string> = {};
  for (const problem of problems) {
    const key = fieldPath(problem.path);
    fields[key] ??= problem.message;
  }
  return { fields };
}

/** The fields a refusal's details name; none when the details say nothing of fields. */
export function fieldsOfDetails(details: unknown): Record<string, string> {
  const parsed = z.safeParse(fieldErrorDetailsSchema, details);
  return parsed.success ? parsed.data.fields : {};
}

/** The details of a refusal of one field (a taken ID): the field's path and the refusal's message. */
export function oneFieldDetails(field: string, message: string): FieldErrorDetails {
  return { fields: { [field]: message } };
}
