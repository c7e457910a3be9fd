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

/** A datetime-local value (local time) as an ISO instant; null when empty, and a value that is no date is left for the schema to refuse. */
export function fromLocalDateTime(text: string): string | null {
  if (text.trim() === '') return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? text : date.toISOString();
}

/** The admin's time zone, named in the forms' hints ("Europe/Paris"). */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/*
 * The back office's one date format: a day as "Dec 1, 2026" and an instant as "Dec 1, 2026, 3:05 PM", in the
 * admin's locale and zone. Every admin screen says dates through these two.
 */

/** A day for a list or a summary ("Dec 1, 2026"): when an account was made, a period ends. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString(undefined, { dateStyle: 'medium' });
}

/** An instant for a list or a summary, in the admin's locale and zone. */
export function formatInstant(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
