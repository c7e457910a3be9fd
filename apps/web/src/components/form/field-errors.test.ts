import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { checkFields, fieldKey } from './field-errors';

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
