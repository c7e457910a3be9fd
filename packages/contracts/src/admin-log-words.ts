/*
 * An admin-log entry's data in words: its fields as labelled values and, for a change that recorded what was
 * there before, each changed field as before → after. The back office shows these instead of the stored JSON;
 * the CSV export writes the same words.
 */

import { keyInWords, keyWords } from './key-words';

/** Data as the admin log stores it: whatever the writer put, read back from JSON. */
export type LogData = Readonly<Record<string, unknown>>;

/** A value in words, or people named by user id (the server answers who they are beside the entry). */
export type Words = string | { people: readonly string[]; more: number };

export interface LoggedField {
  label: string;
  value: Words;
}

export interface LoggedChange {
  label: string;
  before: Words;
  after: Words;
}

/** An id longer than a glance takes in, shortened for a sentence: "5047ab12…". */
export function shortID(id: string): string {
  return id.length > 12 ? `${id.slice(0, 8)}…` : id;
}

const PEOPLE_SHOWN = 5;
/** The keys whose values are user ids: named as people, never shown as raw ids. */
const PERSON_KEYS = new Set(['userID', 'userIDs']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The user ids the data names (its userID and the first of its userIDs), for the server to name. */
export function peopleInData(data: LogData): string[] {
  const ids: string[] = [];
  if (typeof data.userID === 'string') ids.push(data.userID);
  if (Array.isArray(data.userIDs)) {
    for (const id of data.userIDs.slice(0, PEOPLE_SHOWN)) if (typeof id === 'string') ids.push(id);
  }
  return ids;
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
    const parts = Object.entries(value).map(([key, each]) => `${keyWords(key)} ${valueInWords(each)}`);
    return parts.length === 0 ? 'none' : `(${parts.join(', ')})`;
  }
  return String(value);
}

function wordsOf(key: string, value: unknown): Words {
  return PERSON_KEYS.has(key) ? peopleWords(value) : valueInWords(value);
}

/** Data keys that say how a change was recorded, not what it changed. */
const BOOKKEEPING = new Set(['previous', 'changes', 'version']);

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function change(key: string, before: unknown, after: unknown): LoggedChange {
  return { label: keyInWords(key), before: wordsOf(key, before), after: wordsOf(key, after) };
}

/** What an entry's expanded row shows: what changed, when the writer recorded the earlier state, and the other fields. */
export interface EntryDetails {
  /** Null when the data records no earlier state. */
  changes: LoggedChange[] | null;
  fields: LoggedField[];
}

/**
 * The fields a change changed, as before → after, from what its writer recorded: a `previous`
 * object beside the new fields (credit packs, drops), a `changes` map of { from, to } (theater),
 * or `previousName`-style pairs (items, keys, partner invites); and the data's other fields as
 * labelled values, a nested object flattened one level ("Previous name"), so nothing is JSON.
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
    if (covered.has(key)) return [];
    if (isRecord(value)) {
      return Object.entries(value).map(([inner, each]) => ({
        label: `${keyInWords(key)} ${keyWords(inner)}`,
        value: valueInWords(each),
      }));
    }
    return [{ label: keyInWords(key), value: wordsOf(key, value) }];
  });
  return { changes: recorded ? changes : null, fields };
}

/** Words as plain text, people by `nameOf` (the CSV export, a title). */
export function wordsAsText(words: Words, nameOf: (userID: string) => string): string {
  if (typeof words === 'string') return words;
  const names = words.people.map(nameOf).join(', ');
  return words.more > 0 ? `${names} and ${words.more.toLocaleString('en-US')} more` : names;
}
