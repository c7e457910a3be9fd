import {
  adminLogAction,
  adminLogDetails,
  fullStopAfter,
  type SentencePart,
} from '@outpost/contracts/admin-log-actions';
import { shortID, type Words, wordsAsText } from '@outpost/contracts/admin-log-words';
import type { AdminLogEntry } from '@outpost/contracts/backoffice';
import { type Person, personName } from '@outpost/contracts/people';

/*
 * An admin-log entry as plain text (the CSV export): the same sentence and details the screen
 * shows, people by name.
 */

/** Who made the change, named: the operator has no account. */
export const OPERATOR_NAME = 'The operator';

/** A person the entry's data names, as the server answered them; a shortened id if it did not. */
export function personOf(entry: AdminLogEntry, userID: string): Person | undefined {
  return entry.people[userID];
}

function nameOf(entry: AdminLogEntry, userID: string): string {
  const person = personOf(entry, userID);
  return person ? personName(person) : shortID(userID);
}

function partText(entry: AdminLogEntry, part: SentencePart): string {
  return typeof part === 'string' ? part : nameOf(entry, part.person);
}

function wordsText(entry: AdminLogEntry, words: Words): string {
  return wordsAsText(words, (userID) => nameOf(entry, userID));
}

/** "@BossAdmin shipped merch order 5047ab12… with tracking RM123456…." */
export function entrySentence(entry: AdminLogEntry): string {
  const who = entry.adminPerson ? personName(entry.adminPerson) : OPERATOR_NAME;
  const parts = adminLogAction(entry.action).sentence(entry.data);
  return `${who} ${parts.map((part) => partText(entry, part)).join('')}${fullStopAfter(parts)}`;
}

/** The entry's details in one line: "Action: Edited a credit pack; By: …; Credits: 1,000 → 1,200; Pack ID: starter". */
export function entryDetailsText(entry: AdminLogEntry): string {
  const { changes, fields } = adminLogDetails(entry.action, entry.data);
  const by = entry.adminPerson
    ? [personName(entry.adminPerson), entry.adminPerson.email].filter(Boolean).join(' ')
    : OPERATOR_NAME;
  return [
    `Action: ${adminLogAction(entry.action).label}`,
    `By: ${by}`,
    ...(changes ?? []).map(
      (change) => `${change.label}: ${wordsText(entry, change.before)} → ${wordsText(entry, change.after)}`,
    ),
    ...fields.map((field) => `${field.label}: ${wordsText(entry, field.value)}`),
  ].join('; ');
}
