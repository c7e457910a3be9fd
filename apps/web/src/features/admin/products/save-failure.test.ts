import { describe, expect, it } from 'vitest';
import { CallableError } from '../../../lib/callable';
import { createFailureMessage, saveFailure } from './save-failure';

describe('failure messages', () => {
  it("says 'Error creating product: {message}' with the server's message", () => {
    const taken = new CallableError('aborted', 'A product with the ID "cap" already exists.');
    expect(createFailureMessage(taken)).toBe('Error creating product: A product with the ID "cap" already exists.');
  });

  it("says 'Error uploading file: {message}' for an image the server refused", () => {
    for (const code of ['not-an-image', 'image-unreadable', 'image-too-large']) {
      const refused = new CallableError('invalid-argument', 'notes.txt is not an image.', { code, file: 'notes.txt' });
      expect(saveFailure(refused)).toEqual({
        message: 'Error uploading file: notes.txt is not an image.',
        conflict: false,
      });
    }
  });

  it('marks a save refused because someone else saved first, with their message', () => {
    const conflict = new CallableError('aborted', 'Someone else saved this product after you opened it.');
    expect(saveFailure(conflict)).toEqual({
      message: 'The product was not saved. Someone else saved this product after you opened it.',
      conflict: true,
    });
    expect(saveFailure(new CallableError('invalid-argument', 'price: The price is too large.')).conflict).toBe(false);
  });

  it('leaves out the path of a field the refusal names, as the field itself is marked', () => {
    const fields = { 'product.price': 'Please fill out all fields.' };
    const refused = new CallableError('invalid-argument', 'product.price: Please fill out all fields.', { fields });
    expect(saveFailure(refused).message).toBe('The product was not saved. Please fill out all fields.');
    const stripe = new CallableError(
      'invalid-argument',
      'Stripe Product ID is required for all varieties. Missing for: Large (large).',
      { fields: { 'varieties.1.stripeID': 'Stripe Product ID is required for all varieties.' } },
    );
    expect(createFailureMessage(stripe)).toBe(
      'Error creating product: Stripe Product ID is required for all varieties. Missing for: Large (large).',
    );
  });
});
