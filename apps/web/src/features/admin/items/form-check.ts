import { z } from 'zod/mini';

/** A form's check: the value to send, or the one message to show. */
export type Checked<Value> = { ok: true; value: Value } | { ok: false; message: string };

/**
 * Parses a form's values with the contracts' schema the server parses with, so the screen's
 * message is the server's and a form that passes here is not refused there for its shape. A
 * failure is the first problem, in the order of the form's fields.
 */
export function checkWith<Schema extends z.ZodMiniType>(schema: Schema, raw: unknown): Checked<z.output<Schema>> {
  const result = z.safeParse(schema, raw);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, message: result.error.issues[0]?.message ?? 'Check the fields.' };
}
