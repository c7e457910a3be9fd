import type { OrderProfile, OrderProfileInput } from '@outpost/contracts/merch';
import type { FieldErrors } from '../../../components/form/field-errors';

/** The order profile form's fields, flat as the form shows them, each a text as typed or chosen. */
export const PROFILE_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'countryCode',
  'phone',
  'line1',
  'line2',
  'city',
  'state',
  'zipcode',
  'country',
  'cut',
  'shirtSize',
  'hoodieSize',
  'pantSize',
  'shoeSize',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];
export type ProfileFormValues = Record<ProfileField, string>;

/** Where each field sits in orderProfileSchema, so the schema's issues land on the field they are about. */
export const PROFILE_FIELD_PATHS: Record<ProfileField, string> = {
  firstName: 'firstName',
  lastName: 'lastName',
  email: 'email',
  countryCode: 'countryCode',
  phone: 'phone',
  line1: 'shippingAddress.line1',
  line2: 'shippingAddress.line2',
  city: 'shippingAddress.city',
  state: 'shippingAddress.state',
  zipcode: 'shippingAddress.zipcode',
  country: 'shippingAddress.country',
  cut: 'cut',
  shirtSize: 'sizes.shirtSize',
  hoodieSize: 'sizes.hoodieSize',
  pantSize: 'sizes.pantSize',
  shoeSize: 'sizes.shoeSize',
};

/** The form's first values: the saved profile, or an empty one with the account's email. */
export function profileFormValues(profile: OrderProfile | null, accountEmail: string): ProfileFormValues {
  if (!profile) {
    const empty = Object.fromEntries(PROFILE_FIELDS.map((field) => [field, ''])) as ProfileFormValues;
    return { ...empty, email: accountEmail };
  }
  const { shippingAddress: address, sizes } = profile;
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    email: profile.email,
    countryCode: profile.countryCode,
    phone: profile.phone,
    line1: address.line1,
    line2: address.line2,
    city: address.city,
    state: address.state,
    zipcode: address.zipcode,
    country: address.country,
    cut: profile.cut,
    shirtSize: sizes.shirtSize,
    hoodieSize: sizes.hoodieSize,
    pantSize: sizes.pantSize,
    shoeSize: sizes.shoeSize,
  };
}

/** The form's values in the shape set-order-profile takes, to be parsed with orderProfileSchema. */
export function profileInput(values: ProfileFormValues): OrderProfileInput {
  return {
    email: values.email,
    phone: values.phone,
    countryCode: values.countryCode,
    firstName: values.firstName,
    lastName: values.lastName,
    cut: values.cut as OrderProfileInput['cut'],
    shippingAddress: {
      line1: values.line1,
      line2: values.line2,
      city: values.city,
      state: values.state,
      zipcode: values.zipcode,
      country: values.country,
    },
    sizes: {
      shirtSize: values.shirtSize as NonNullable<OrderProfileInput['sizes']>['shirtSize'],
      hoodieSize: values.hoodieSize as NonNullable<OrderProfileInput['sizes']>['hoodieSize'],
      pantSize: values.pantSize,
      shoeSize: values.shoeSize,
    },
  };
}

/**
 * The schema's messages by form field. A problem with no field of its own (none today) is the
 * form's, under "".
 */
export function profileFieldErrors(errors: FieldErrors): Partial<Record<ProfileField | '', string>> {
  const byField: Partial<Record<ProfileField | '', string>> = {};
  const known = new Set(Object.values(PROFILE_FIELD_PATHS));
  for (const field of PROFILE_FIELDS) {
    const message = errors[PROFILE_FIELD_PATHS[field]];
    if (message) byField[field] = message;
  }
  const other = Object.entries(errors).find(([path]) => !known.has(path));
  if (other) byField[''] = other[1];
  return byField;
}
