import { type FieldErrors, refusalText, refusedFields } from '../../../components/form/field-errors';

/**
 * A refused request as a form's `refuse` (useFormRefusal) takes it: what the screen says, `say`
 * putting its own words around the server's (without the path of a field it names, as that field
 * is marked), and the fields the server named (`details.fields`).
 */
export function serverRefusal(error: unknown, say: (text: string) => string): [message: string, fields: FieldErrors] {
  return [say(refusalText(error)), refusedFields(error)];
}

/**
 * Errors keyed by the form's own field: a form whose one control holds a list (the reward items
 * typed in one field) marks that control for a problem with any entry ("rewards.1" → "rewards").
 */
export function topFields(errors: FieldErrors): FieldErrors {
  const top: FieldErrors = {};
  for (const [path, message] of Object.entries(errors)) top[path.split('.')[0] ?? path] ??= message;
  return top;
}
