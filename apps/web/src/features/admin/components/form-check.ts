import { z } from 'zod/mini';
import { type FieldErrors, issueFields } from '../../../components/form/field-errors';

/**
 * A form's check: the value to send, or the one message to show and, where the schema knows
 * them, the fields at fault (for useFormRefusal's `refuse`, which marks them and focuses the first).
 */
export type Checked<Value> = { ok: true; value: Value } | { ok: false; message: string; fields?: FieldErrors };

export interface CheckOptions {
  /** The form's fields from top to bottom, when the schema names them in another order. */
  order?: readonly string[];
  /** Says an issue in the form's words (which field, which prize); the schema's message otherwise. */
  describe?: (issue: z.core.$ZodIssue) => string;
  /** Also answer every field at fault (`fields`), for a form that marks them (useFormRefusal). */
  markFields?: boolean;
}

/** The issue of the field highest in the form; fields the order does not name come after, as the schema lists them. */
function firstIssue(issues: readonly z.core.$ZodIssue[], order: readonly string[]): z.core.$ZodIssue | undefined {
  const rank = (issue: z.core.$ZodIssue) => {
    const index = order.indexOf(String(issue.path[0]));
    return index === -1 ? order.length : index;
  };
  return issues.reduce<z.core.$ZodIssue | undefined>(
    (first, issue) => (first === undefined || rank(issue) < rank(first) ? issue : first),
    undefined,
  );
}

/**
 * Parses a form's values with the contracts' schema the server parses with, so the screen says what
 * the server would and a form that passes is not refused there for its shape. A failure is the
 * first problem in the order of the form's fields.
 */
export function checkWith<Schema extends z.ZodMiniType>(
  schema: Schema,
  raw: unknown,
  options: CheckOptions = {},
): Checked<z.output<Schema>> {
  const result = z.safeParse(schema, raw);
  if (result.success) return { ok: true, value: result.data };
  const issue = firstIssue(result.error.issues, options.order ?? []);
  if (!issue) return { ok: false, message: 'Check the fields.' };
  const message = options.describe ? options.describe(issue) : issue.message;
  if (!options.markFields) return { ok: false, message };
  return { ok: false, message, fields: issueFields(result.error.issues, options.describe) };
}

/** A whole number as typed; empty is missing (the schema's "required" message), anything else a number or NaN. */
export function numberValue(text: string): number | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : Number(trimmed);
}
