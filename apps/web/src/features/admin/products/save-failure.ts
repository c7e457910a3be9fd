import { createProductErrorMessage, uploadErrorMessage } from '@outpost/contracts/products';
import { refusalText } from '../../../components/form/field-errors';
import { errorCode } from '../../../lib/api';
import { CallableError } from '../../../lib/callable';

/** The codes of an image the server refused (`details.code`); nothing of that save was kept. */
const IMAGE_REFUSALS = new Set(['not-an-image', 'image-unreadable', 'image-too-large']);

/** The server's message; a refused field's path is left out, as the field itself is marked. */
const messageOf = (error: unknown) => (error instanceof Error ? refusalText(error) : String(error));

/**
 * 'Error creating product: {message}' (docs/product.md §8.4), with the server's message: a taken ID, a
 * refused field.
 */
export function createFailureMessage(error: unknown): string {
  return createProductErrorMessage(messageOf(error));
}

export interface SaveFailure {
  message: string;
  /** Someone else saved first (409): the screen offers to load their version. */
  conflict: boolean;
}

/**
 * Why a save of the edit screen failed. A refused image is docs/product.md §8.4's 'Error uploading file:
 * {message}' (the save was aborted); anything else says the product was not saved and why, the
 * server's message word for word, so a save refused because someone else saved first is clear.
 */
export function saveFailure(error: unknown): SaveFailure {
  const code = errorCode(error);
  if (code && IMAGE_REFUSALS.has(code)) return { message: uploadErrorMessage(messageOf(error)), conflict: false };
  const conflict = error instanceof CallableError && error.status === 'aborted';
  return { message: `The product was not saved. ${messageOf(error)}`, conflict };
}
