/** A day for a player to read ("24 November 2026" in their locale): when something was claimed, requested or ends. */
export function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { dateStyle: 'long' });
}
