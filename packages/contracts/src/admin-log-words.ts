/*
 * An admin-log entry's data in words: its fields as labelled values and, for a change that recorded what was
 * there before, each changed field as before → after. The back office shows these instead of the stored JSON;
 * the CSV export writes the same words. Money reads in its currency ("$4.99"), an instant is left for the
 * screen to write in the back office's date format, and people are named by the server beside the entry.
 */

import { keyInWords, keyWords } from './key-words';
import { centsToDollars } from './products';

/** Data as the admin log stores it: whatever the writer put, read back from JSON. */
export type LogData = Readonly<Record<string, unknown>>;

/**
 * A value in words; people named by user id (the server answers who they are beside the entry); or an
 * instant (ISO 8601) the screen writes with its date and time in the back office's one date format.
 */
export type Words = string | { people: readonly string[]; more: number } | { time: string };

export interface LoggedField {
  label: string;
  value: Words;
}

export interface LoggedChange {
  label: string;
  before: Words;
  after: Words;
}

const PEOPLE_SHOWN = 5;

/** The keys whose values are user ids: `userID`, `userIDs` and the like of `reportedUserID`; named as people, never shown as raw ids. */
export function isPersonKey(key: string): boolean {
  return /^userIDs?$|UserIDs?$/.test(key);
}

/** The keys whose values are an amount in cents of US dollars: a pack's `costUSD`, a product's `price`, a refund's `amountCents`. */
function isMoneyKey(key: string): boolean {
  return /^(costUSD|price|unitPrice|cents)$|Cents$/.test(key);
}

/**
 * The keys of ids only a machine reads (an order's UUID, a refund's, a request's, an image's storage key): not
 * shown to people. The record an entry is about is named and linked by its sentence; lists of ids are counted there.
 */
function isIDKey(key: string): boolean {
  return !isPersonKey(key) && /(ID|Id|IDs|Key)$/.test(key);
}

/** An ISO 8601 instant, as the server stores every time. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** An amount in cents in the app's one money format: "$4.99". */
export function moneyWords(cents: number): string {
  return `$${centsToDollars(cents)}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The user ids the data names (each person key's id, and the first of each list), for the server to name. */
export function peopleInData(data: LogData): string[] {
  const ids = new Set<string>();
  for (const [key, value] of Object.entries(data)) {
    if (!isPersonKey(key)) continue;
    const list = Array.isArray(value) ? value.slice(0, PEOPLE_SHOWN) : [value];
    for (const id of list) if (typeof id === 'string') ids.add(id);
  }
  return [...ids];
}

function peopleWords(value: unknown): Words {
  const ids = (Array.isArray(value) ? value : [value]).filter((id): id is string => typeof id === 'string');
  if (ids.length === 0) return 'nobody';
  return { people: ids.slice(0, PEOPLE_SHOWN), more: Math.max(0, ids.length - PEOPLE_SHOWN) };
}

/** A value in words: yes/no, numbers with separators, lists joined, an object's fields inline. */
export function valueInWords(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return value.toLocaleString('en-US');
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map(valueInWords).join(', ');
  if (isRecord(value)) {
    if (isRecord(value.previous)) return editInWords(value, value.previous);
    const parts = Object.entries(value)
      .filter(([key]) => !isIDKey(key))
      .map(([key, each]) => `${keyWords(labelKey(key))} ${fieldText(key, each)}`);
    return parts.length === 0 ? 'none' : `(${parts.join(', ')})`;
  }
  return String(value);
}

/** One record of a bulk edit (purchasables), by its name, with the fields it changed: "“Sword”: cost credits 100 → 120". */
function editInWords(record: Record<string, unknown>, previous: Record<string, unknown>): string {
  const changed = Object.entries(previous)
    .filter(([key, before]) => key in record && !same(before, record[key]))
    .map(([key, before]) => `${keyWords(labelKey(key))} ${fieldText(key, before)} → ${fieldText(key, record[key])}`);
  const name = typeof record.name === 'string' ? `“${record.name}”` : 'one';
  return `${name}: ${changed.length > 0 ? changed.join(', ') : 'no field changed'}`;
}

/** A field's value as text inside a sentence or a list: money in dollars, the rest in words. */
function fieldText(key: string, value: unknown): string {
  return isMoneyKey(key) && typeof value === 'number' ? moneyWords(value) : valueInWords(value);
}

/** A field's value: people, an instant for the screen to write, money, or words. */
function wordsOf(key: string, value: unknown): Words {
  if (isPersonKey(key)) return peopleWords(value);
  if (typeof value === 'string' && INSTANT.test(value)) return { time: value };
  return fieldText(key, value);
}

/** The key a label reads: an amount's unit is in its value ("Cost", not "Cost USD"; "Amount", not "Amount cents"). */
function labelKey(key: string): string {
  return isMoneyKey(key) ? key.replace(/(USD|Cents)$/, '') || key : key;
}

/** A field's label: people as players ("Player", "Reported player"), an amount without its unit. */
function label(key: string): string {
  if (isPersonKey(key)) {
    const player = key.endsWith('s') ? 'players' : 'player';
    const role = keyWords(key.replace(/userIDs?$|UserIDs?$/, ''));
    return keyInWords(role ? `${role} ${player}` : player);
  }
  return keyInWords(labelKey(key));
}

/** Data keys that say how a change was recorded, not what it changed. */
const BOOKKEEPING = new Set(['previous', 'changes', 'version', 'requestedBy', 'displayName']);

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function change(key: string, before: unknown, after: unknown): LoggedChange {
  return { label: label(key), before: wordsOf(key, before), after: wordsOf(key, after) };
}

/** What an entry's expanded row shows: what changed, when the writer recorded the earlier state, and the other fields. */
export interface EntryDetails {
  /** Null when the data records no earlier state. */
  changes: LoggedChange[] | null;
  fields: LoggedField[];
}

/**
 * The fields a change changed, as before → after, from what its writer recorded: a `previous`
 * object beside the new fields (every edit through the shared editData), a `changes` map of
 * { from, to } (theater), or `previousName`-style pairs (items, keys); and the data's other
 * fields as labelled values, a nested object flattened one level ("Drop opens at"), so nothing
 * is JSON. Ids are left out: the sentence names and links the record they stand for.
 */
export function entryDetails(data: LogData): EntryDetails {
  const changes: LoggedChange[] = [];
  const covered = new Set<string>(BOOKKEEPING);
  let recorded = false;
  if (isRecord(data.previous)) {
    recorded = true;
    for (const [key, before] of Object.entries(data.previous)) {
      if (!(key in data)) continue;
      covered.add(key);
      if (!same(before, data[key])) changes.push(change(key, before, data[key]));
    }
  }
  if (isRecord(data.changes)) {
    recorded = true;
    for (const [key, pair] of Object.entries(data.changes)) {
      covered.add(key);
      if (isRecord(pair)) changes.push(change(key, pair.from, pair.to));
    }
  }
  for (const [key, before] of Object.entries(data)) {
    const match = /^previous([A-Z]\w*)$/.exec(key);
    if (!match?.[1]) continue;
    const field = match[1].charAt(0).toLowerCase() + match[1].slice(1);
    if (!(field in data)) continue;
    recorded = true;
    covered.add(key).add(field);
    if (!same(before, data[field])) changes.push(change(field, before, data[field]));
  }
  const fields = Object.entries(data).flatMap(([key, value]): LoggedField[] => {
    if (covered.has(key) || isIDKey(key)) return [];
    if (isRecord(value)) {
      return Object.entries(value)
        .filter(([inner]) => !isIDKey(inner))
        .map(([inner, each]) => ({ label: `${label(key)} ${keyWords(labelKey(inner))}`, value: wordsOf(inner, each) }));
    }
    return [{ label: label(key), value: wordsOf(key, value) }];
  });
  return { changes: recorded ? changes : null, fields };
}

/** Words as plain text, people by `nameOf`, instants by `timeOf` (the CSV export, a title). */
export function wordsAsText(words: Words, nameOf: (userID: string) => string, timeOf: (iso: string) => string): string {
  if (typeof words === 'string') return words;
  if ('time' in words) return timeOf(words.time);
  const names = words.people.map(nameOf).join(', ');
  return words.more > 0 ? `${names} and ${words.more.toLocaleString('en-US')} more` : names;
}
