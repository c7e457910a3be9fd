import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { checkFields, fieldKey, refusalText, refusedFields } from './field-errors';
import { focusFirstInvalid } from './use-field-errors';

const schema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, { error: 'Name is required.' })),
  address: z.object({
    city: z.string().check(z.minLength(1, { error: 'City is required.' }), z.maxLength(3, { error: 'Too long.' })),
  }),
});

describe('checkFields', () => {
  it('answers the parsed value when the form is right', () => {
    expect(checkFields(schema, { name: ' Ash ', address: { city: 'Rye' } })).toEqual({
      ok: true,
      value: { name: 'Ash', address: { city: 'Rye' } },
    });
  });

  it('answers every field’s first problem, keyed by its path', () => {
    expect(checkFields(schema, { name: '', address: { city: '' } })).toEqual({
      ok: false,
      errors: { name: 'Name is required.', 'address.city': 'City is required.' },
    });
    expect(fieldKey(['address', 'city'])).toBe('address.city');
    expect(fieldKey([])).toBe('');
  });
});

describe('a refusal’s fields', () => {
  const refused = (message: string, details: unknown) => Object.assign(new Error(message), { details });

  it('reads the fields the server names, keyed as the form keys them', () => {
    const error = refused('varieties.1.stripeID: Required.', {
      fields: { 'varieties.1.stripeID': 'Required.', price: 'Too low.' },
    });
    expect(refusedFields(error)).toEqual({ 'varieties.1.stripeID': 'Required.', price: 'Too low.' });
  });

  it('keeps only the fields within the form’s part of the body, without its prefix', () => {
    const error = refused('x', { fields: { 'product.name': 'Name?', images: 'Too many.' } });
    expect(refusedFields(error, 'product')).toEqual({ name: 'Name?' });
  });

  it('names no field when the refusal does not say, or is no refusal', () => {
    expect(refusedFields(refused('Taken.', { code: 'taken' }))).toEqual({});
    expect(refusedFields(refused('Taken.', { fields: 'name' }))).toEqual({});
    expect(refusedFields(new Error('Network.'))).toEqual({});
    expect(refusedFields('nope')).toEqual({});
  });

  it('says the field’s message without its path when the refusal names that field', () => {
    expect(refusalText(refused('price: Too low.', { fields: { price: 'Too low.' } }))).toBe('Too low.');
    expect(refusalText(refused('Missing for: Large.', { fields: { 'varieties.0.stripeID': 'Required.' } }))).toBe(
      'Missing for: Large.',
    );
    // A colon that is no named field's path stays.
    expect(refusalText(refused('Note: taken.', {}))).toBe('Note: taken.');
    expect(refusalText('nope')).toBe('');
  });
});

describe('focusFirstInvalid', () => {
  /** A stand-in form: the first element its selector finds, and what was focused. */
  const formWith = (invalid: { focus: () => void } | null) => ({
    querySelector: (selector: string) => (selector === '[aria-invalid="true"]' ? invalid : null),
  });

  it('focuses the first field marked invalid, else the fallback, else nothing', () => {
    const focused: string[] = [];
    const field = { focus: () => focused.push('field') };
    const alert = { focus: () => focused.push('alert') };
    expect(focusFirstInvalid(formWith(field) as unknown as ParentNode, alert as unknown as HTMLElement)).toBe(field);
    expect(focusFirstInvalid(formWith(null) as unknown as ParentNode, alert as unknown as HTMLElement)).toBe(alert);
    expect(focusFirstInvalid(formWith(null) as unknown as ParentNode)).toBeNull();
    expect(focusFirstInvalid(null, alert as unknown as HTMLElement)).toBe(alert);
    expect(focused).toEqual(['field', 'alert', 'alert']);
  });
});
