import type { PlayerRecordValue } from '@outpost/contracts/player-record';
import { centsToDollars } from '@outpost/contracts/products';
import { Link } from '../../../lib/router/router';
import { formatInstant } from '../components/local-time';
import { PersonLink } from '../components/person-link';

/** Money in the back office's one format: "$4.99", or "4.99 EUR" in another currency. */
export const moneyText = (cents: number, currency: string) =>
  currency === 'USD' ? `$${centsToDollars(cents)}` : `${centsToDollars(cents)} ${currency}`;

/** Credits as a number with separators; a change with its sign ("+500", "−30"). */
export function creditsText(credits: number, signed = false): string {
  const words = `${Math.abs(credits).toLocaleString('en-US')}`;
  if (!signed) return credits.toLocaleString('en-US');
  return credits < 0 ? `−${words}` : `+${words}`;
}

/** One cell of the player page: each kind in its one format; `none` when there is nothing. */
export function RecordValue({ value, none = 'none' }: { value: PlayerRecordValue | null | undefined; none?: string }) {
  if (!value) return none;
  switch (value.kind) {
    case 'text':
      return value.text;
    case 'instant':
      return <time dateTime={value.at}>{formatInstant(value.at)}</time>;
    case 'money':
      return moneyText(value.cents, value.currency);
    case 'credits':
      return creditsText(value.credits, value.signed);
    case 'person':
      return <PersonLink person={value.person} withEmail={false} />;
    case 'link':
      return <Link to={value.path}>{value.text}</Link>;
  }
}
