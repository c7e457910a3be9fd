/*
 * Instants as a datetime-local input holds them: in the admin's time zone, to the minute. The
 * server stores ISO 8601 in UTC; the forms convert on the way in and out.
 */

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** An ISO instant as a datetime-local value ("2026-12-04T18:00") in the admin's time zone; empty for none. */
export function toLocalDateTime(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return (
    `${date.getFullYear()}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())}` +
    `T${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`
  );
}

/** A datetime-local value as an ISO instant (null when empty), as the product screens convert theirs. */
export { localDateTimeToIso as fromLocalDateTime } from '../products/product-form';

/** The admin's time zone, named in the forms' hints ("Europe/Paris"). */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** An instant for a list or a summary, in the admin's locale and zone. */
export function formatInstant(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
