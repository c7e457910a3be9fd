/*
 * CSV text as RFC 4180 writes it (fields separated by commas, records by CRLF, a field quoted
 * when it holds a comma, a quote, CR or LF, quotes inside doubled), made safe to open in a
 * spreadsheet. Pure, so the rules are tested without a browser.
 */

/** One CSV column: its header and how a row gives its value. */
export interface CsvColumn<Row> {
  header: string;
  value: (row: Row, index: number) => unknown;
}

/**
 * Spreadsheets run a cell that starts with = + - or @ as a formula (and tab or CR may precede
 * one), so admin data typed by players could run in an admin's spreadsheet (CSV injection,
 * OWASP). A leading single quote makes such a cell text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** A value as text: nothing for null and undefined, ISO 8601 for dates, JSON for objects. */
function toText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  return JSON.stringify(value) ?? '';
}

/**
 * One field. A number is written as it is: it cannot be a formula, and quoting -5 would turn
 * it into text. Everything else that looks like a formula gets the quote.
 */
export function csvField(value: unknown): string {
  let text = toText(value);
  if (typeof value !== 'number' && typeof value !== 'bigint' && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The whole file: a header record, then one record per row, each ending with CRLF. */
export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  const records = [columns.map((column) => csvField(column.header)).join(',')];
  rows.forEach((row, index) => {
    records.push(columns.map((column) => csvField(column.value(row, index))).join(','));
  });
  return `${records.join('\r\n')}\r\n`;
}
