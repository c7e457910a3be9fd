/*
 * Records whose ids are random (orders, reports) carry a short number for people to say and type:
 * "#1047" rather than a UUID (docs/decisions/0133-short-numbers-for-people.md).
 */

/** How a record's number reads: "#1047". */
export const shortNumber = (value: number): string => `#${value}`;

/** The number a person typed ("#1047", "1047", "# 1047"), or undefined when the text is not one. */
export function parseShortNumber(text: string): number | undefined {
  const match = /^#?\s*(\d{1,9})$/.exec(text.trim());
  return match ? Number(match[1]) : undefined;
}
