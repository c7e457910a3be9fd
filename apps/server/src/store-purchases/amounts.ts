import type { StoreAmount } from './store-report';

/**
 * A price a store states in fractions of the currency's major unit (Apple: milliunits; Google:
 * nanos), in the currency's minor units as the ledger keeps them (cents for USD, yen for JPY, fils
 * for KWD, as ICU knows each currency); undefined for a currency ICU does not know.
 */
export function storeAmount(value: number, perMajorUnit: number, currency: string): StoreAmount | undefined {
  let minorDigits: number;
  try {
    minorDigits =
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return undefined;
  }
  const cents = Math.round((value * 10 ** minorDigits) / perMajorUnit);
  return Number.isFinite(cents) ? { cents, currency: currency.toUpperCase() } : undefined;
}
