import { COUNTRY_CODES } from '@outpost/contracts/countries';

export interface CountryOption {
  code: string;
  name: string;
}

function displayNames(locale: string | undefined): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames(locale, { type: 'region', fallback: 'code' });
  } catch {
    return null;
  }
}

/** A country's name in the reader's language (Intl.DisplayNames), its code when the browser has none. */
export function countryName(code: string, locale?: string): string {
  return displayNames(locale)?.of(code) ?? code;
}

/**
 * The countries merch ships to (COUNTRY_CODES), named in the reader's language and sorted by
 * those names, as a country select lists them.
 */
export function countryOptions(locale?: string): CountryOption[] {
  const names = displayNames(locale);
  const collator = new Intl.Collator(locale);
  return COUNTRY_CODES.map((code) => ({ code, name: names?.of(code) ?? code })).sort((a, b) =>
    collator.compare(a.name, b.name),
  );
}
