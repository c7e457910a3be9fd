import {
  CUT_LABELS,
  CUTS,
  type OrderProfile,
  orderProfileSchema,
  type SavedOrderProfile,
  SHIRT_SIZES,
} from '@outpost/contracts/merch';
import { type FormEvent, useMemo, useState } from 'react';
import listStyles from '../../../components/admin-list/admin-list.module.css';
import { failureNotice } from '../../../components/form/failure-notice';
import { checkFields } from '../../../components/form/field-errors';
import { FormAlert, type FormNotice } from '../../../components/form/form-alert';
import { FormField } from '../../../components/form/form-field';
import { SelectField, type SelectFieldProps } from '../../../components/form/select-field';
import { draftFields, useFollowedDraft } from '../../../components/form/use-draft';
import { useFieldErrors } from '../../../components/form/use-field-errors';
import { useSetOrderProfile } from '../../../lib/commerce/set-order-profile';
import { countryName, countryOptions } from '../../../lib/countries';
import styles from '../account.module.css';
import { type ProfileFormValues, profileFieldErrors, profileFormValues, profileInput } from './profile-form-values';

function savedText(saved: SavedOrderProfile): string {
  const profile = saved.profile;
  if (!profile) return 'Saved.';
  const address = profile.shippingAddress;
  const when = saved.updatedAt ? ` on ${new Date(saved.updatedAt).toLocaleString()}` : '';
  return `Saved${when}. Orders ship to ${profile.firstName} ${profile.lastName}, ${address.line1}, ${address.city}, ${countryName(address.country)}.`;
}

const CHANGED_ELSEWHERE: FormNotice = {
  tone: 'error',
  text: 'Your order profile was saved elsewhere (another tab or device) while you were editing it. Saving this form replaces it with what you see here.',
};

/** A size on the shirt scale (shirts and hoodies), or none. */
function ShirtSizeField(props: Omit<SelectFieldProps, 'children'>) {
  return (
    <SelectField {...props}>
      <option value="">Not set</option>
      {SHIRT_SIZES.map((size) => (
        <option key={size} value={size}>
          {size}
        </option>
      ))}
    </SelectField>
  );
}

interface OrderProfileFormProps {
  profile: OrderProfile | null;
  accountEmail: string;
}

/**
 * The order profile (docs/product.md §3.15; user-order-settings): who and where merch ships to, and sizes. It is
 * checked with orderProfileSchema, the schema set-order-profile parses with, and every problem is
 * shown at its field; focus goes to the first. The saved answer replaces what was typed, as stored.
 * A profile saved elsewhere (another tab or device; the screen follows it live) shows at once while
 * nothing is typed here, and is announced, not forced on the form, once something is.
 */
export function OrderProfileForm({ profile, accountEmail }: OrderProfileFormProps) {
  const { formRef, errors, show } = useFieldErrors();
  const fieldErrors = profileFieldErrors(errors);
  const followed = useFollowedDraft<OrderProfile | null, ProfileFormValues>(profile, (saved) =>
    profileFormValues(saved, accountEmail),
  );
  const values = followed.draft;
  const field = draftFields(values, followed.setDraft, fieldErrors);
  // A "Saved" notice names the profile it saved (`of`): once another one shows, it is no longer news.
  const [notice, setNotice] = useState<(FormNotice & { of?: OrderProfile }) | null>(null);
  const save = useSetOrderProfile();
  const countries = useMemo(() => countryOptions(), []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const checked = checkFields(orderProfileSchema, profileInput(values));
    if (!checked.ok) {
      const count = Object.keys(checked.errors).length;
      setNotice({
        tone: 'error',
        text: `Check the ${count === 1 ? 'field' : `${count} fields`} marked above; nothing was saved.`,
      });
      show(checked.errors);
      return;
    }
    show({});
    setNotice(null);
    save.mutate(checked.value, {
      onSuccess: (saved) => {
        if (saved.profile) followed.startFrom(saved.profile);
        setNotice({ tone: 'ok', text: savedText(saved), ...(saved.profile ? { of: saved.profile } : {}) });
      },
      onError: (error) => setNotice(failureNotice(error, 'Your order profile could not be saved.')),
    });
  };

  const shown =
    notice?.tone === 'error'
      ? notice
      : followed.changedElsewhere
        ? CHANGED_ELSEWHERE
        : notice?.of === followed.base
          ? notice
          : null;

  return (
    <form ref={formRef} className={styles.form} onSubmit={submit} noValidate aria-label="Order profile">
      <fieldset className={styles.fieldset}>
        <legend>Who we ship to</legend>
        <FormField label="First name" autoComplete="given-name" {...field('firstName')} />
        <FormField label="Last name" autoComplete="family-name" {...field('lastName')} />
        <FormField
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          hint="Where we send the order's news."
          {...field('email')}
        />
        <FormField
          label="Phone country code"
          autoComplete="tel-country-code"
          inputMode="tel"
          hint="Like +1 or +44."
          {...field('countryCode')}
        />
        <FormField
          label="Phone number"
          type="tel"
          autoComplete="tel-national"
          hint="For the carrier, if they need to reach you."
          {...field('phone')}
        />
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend>Shipping address</legend>
        <FormField label="Address line 1" className={styles.wide} autoComplete="address-line1" {...field('line1')} />
        <FormField
          label="Address line 2 (optional)"
          className={styles.wide}
          autoComplete="address-line2"
          {...field('line2')}
        />
        <FormField label="City" autoComplete="address-level2" {...field('city')} />
        <FormField
          label="State or region"
          autoComplete="address-level1"
          hint="Required for US addresses."
          {...field('state')}
        />
        <FormField label="Postcode or ZIP code" autoComplete="postal-code" {...field('zipcode')} />
        <SelectField label="Country" autoComplete="country" {...field('country')}>
          <option value="">Choose a country</option>
          {countries.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </SelectField>
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend>Sizes (optional)</legend>
        <SelectField label="Cut" {...field('cut')}>
          <option value="">No preference</option>
          {CUTS.map((cut) => (
            <option key={cut} value={cut}>
              {CUT_LABELS[cut]}
            </option>
          ))}
        </SelectField>
        <ShirtSizeField label="Shirt size" {...field('shirtSize')} />
        <ShirtSizeField label="Hoodie size" {...field('hoodieSize')} />
        <FormField label="Pant size" hint="As the label reads, e.g. 32/32." {...field('pantSize')} />
        <FormField label="Shoe size" hint="With its system, e.g. EU 43 or US 10." {...field('shoeSize')} />
      </fieldset>

      {fieldErrors[''] && <p className={styles.note}>{fieldErrors['']}</p>}
      <FormAlert notice={shown} />
      {followed.changedElsewhere && (
        <button type="button" className={listStyles.plainButton} onClick={() => followed.startFrom(profile)}>
          Show the saved profile (discards your changes here)
        </button>
      )}
      <button type="submit" className={`button ${styles.submit}`} disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save order profile'}
      </button>
    </form>
  );
}
