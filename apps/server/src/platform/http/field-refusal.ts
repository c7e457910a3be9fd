import { type FieldErrorDetails, fieldErrorDetails } from '@outpost/contracts/field-errors';

/** A field's path in a request's input, as `details.fields` keys it: ['prizes', 1, 'itemID']. */
export type FieldPath = readonly PropertyKey[];

/**
 * A domain refusal about fields of the admin's input (a taken id, a prize's item not in
 * items-master): its one message, and the fields it is about, so the back office's form can mark
 * them and move focus to the first.
 */
export class FieldRefusal extends Error {
  constructor(
    message: string,
    readonly fields: readonly FieldPath[],
  ) {
    super(message);
  }
}

/** The details of a refusal whose one message is about these fields: each is keyed with it. */
export function fieldRefusalDetails(message: string, fields: readonly FieldPath[]): FieldErrorDetails {
  return fieldErrorDetails(fields.map((path) => ({ path, message })));
}

/** The details a FieldRefusal answers with; none when it names no field. */
export function detailsOf(error: FieldRefusal): FieldErrorDetails | undefined {
  return error.fields.length > 0 ? fieldRefusalDetails(error.message, error.fields) : undefined;
}
