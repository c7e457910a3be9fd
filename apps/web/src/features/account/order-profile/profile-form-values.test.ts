import { orderProfileSchema } from '@outpost/contracts/merch';
import { describe, expect, it } from 'vitest';
import { checkFields } from '../../../components/form/field-errors';
import { type ProfileFormValues, profileFieldErrors, profileFormValues, profileInput } from './profile-form-values';

const filled: ProfileFormValues = {
  ...profileFormValues(null, 'Ash@Example.com'),
  firstName: ' Ash ',
  lastName: 'Rowan',
  countryCode: '+44',
  phone: '020 7946 0958',
  line1: '1 Relay Road',
  city: 'London',
  zipcode: 'E1 6AN',
  country: 'gb',
  shirtSize: 'M',
};

const check = (values: ProfileFormValues) => {
  const checked = checkFields(orderProfileSchema, profileInput(values));
  return checked.ok ? {} : profileFieldErrors(checked.errors);
};

describe('the order profile form', () => {
  it('starts empty with the account’s email, or from the saved profile, and round-trips', () => {
    const empty = profileFormValues(null, 'a@b.com');
    expect(empty.email).toBe('a@b.com');
    expect(empty.firstName).toBe('');
    const checked = checkFields(orderProfileSchema, profileInput(filled));
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    // The schema trims, lower-cases the email and upper-cases the country, as the server stores them.
    expect(checked.value).toMatchObject({
      email: 'ash@example.com',
      firstName: 'Ash',
      shippingAddress: { country: 'GB', line2: '' },
      sizes: { shirtSize: 'M', hoodieSize: '' },
      cut: '',
    });
    expect(profileFormValues(checked.value, 'other@b.com')).toEqual({
      ...filled,
      email: 'ash@example.com',
      firstName: 'Ash',
      country: 'GB',
    });
  });

  it('puts every problem at its own field, in the contracts’ words', () => {
    const errors = check({ ...profileFormValues(null, ''), zipcode: 'E1 6AN!' });
    expect(errors).toEqual({
      firstName: 'First name is required.',
      lastName: 'Last name is required.',
      email: 'Enter the email address we can reach you at.',
      countryCode: 'Enter your phone’s country calling code, like +1 or +44.',
      phone: 'Enter a phone number the carrier can call: 6 to 20 digits, spaces and dashes allowed.',
      line1: 'Address line 1 is required.',
      city: 'City is required.',
      zipcode: 'The postcode may use letters, digits, spaces and dashes.',
      country: 'Pick the country we ship to.',
    });
  });

  it('shows the US address rules at their own fields', () => {
    expect(check({ ...filled, country: 'US', state: 'NY', zipcode: '1234' })).toEqual({
      zipcode: 'US ZIP codes have 5 digits (or 5+4, like 97201-1234).',
    });
    expect(check({ ...filled, country: 'US', state: '', zipcode: '1234' })).toEqual({
      state: 'US addresses need a state.',
      zipcode: 'US ZIP codes have 5 digits (or 5+4, like 97201-1234).',
    });
    expect(check({ ...filled, country: 'US', state: 'NY', zipcode: '12345-6789' })).toEqual({});
  });

  it('keeps a problem with no field of its own for the form', () => {
    expect(profileFieldErrors({ '': 'Check the form.', 'shippingAddress.city': 'City is required.' })).toEqual({
      city: 'City is required.',
      '': 'Check the form.',
    });
  });
});
