import { creditsForCents, type MerchConfig, merchConfigInputSchema } from '@outpost/contracts/merch';
import { creditsText, dollarsText } from '../../../lib/commerce/order-text';
import { type Checked, checkWith, numberValue } from '../components/form-check';

/** The seeded Outpost Hoodie's price: the settings screen says what it costs in credits. */
export const EXAMPLE_PRICE_CENTS = 5999;

export const MERCH_SETTINGS_SAVED = 'Merch settings saved!';

/** config/merch as typed: a whole number of credits per US dollar. */
export function checkMerchConfig(creditsPerUSD: string): Checked<MerchConfig> {
  return checkWith(merchConfigInputSchema, { creditsPerUSD: numberValue(creditsPerUSD) }, { markFields: true });
}

/** "A $59.99 hoodie costs 5,999 credits.": what a rate means at the till, rounded up as the shop rounds. */
export function creditsExample(creditsPerUSD: number, priceCents = EXAMPLE_PRICE_CENTS): string {
  return `A ${dollarsText(priceCents)} hoodie costs ${creditsText(creditsForCents(priceCents, creditsPerUSD))}.`;
}
