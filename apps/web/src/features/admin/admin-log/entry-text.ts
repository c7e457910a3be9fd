import {
  adminLogAction,
  adminLogDetails,
  fullStopAfter,
  type SentencePart,
} from '@outpost/contracts/admin-log-actions';
import { type Words, wordsAsText } from '@outpost/contracts/admin-log-words';
import type { AdminLogEntry } from '@outpost/contracts/backoffice';
import { type Person, personName } from '@outpost/contracts/people';
import { formatInstant } from '../components/local-time';

/*
 * An admin-log entry as plain text (the CSV export): the same sentence and details the screen
 * shows, people by name, instants in the back office's date format.
 */

/** Who made the change, named: the operator has no account. */
export const OPERATOR_NAME = 'The operator';

/** An admin whose account is gone: the entry stays, their name went with the account. */
export const GONE_ADMIN_NAME = 'An admin whose account has since been deleted';

/** A person the entry's data names, as the server answered them. */
export function personOf(entry: AdminLogEntry, userID: string): Person | undefined {
  return entry.people[userID];
}

/** A person by name: one the server could not name is an account that no longer exists. */
function nameOf(entry: AdminLogEntry, userID: string): string {
  const person = personOf(entry, userID);
  return person ? personName(person) : 'a deleted account';
}

/** Who acted: a person, or words where no account stands for them. */
export type Actor = { person: Person } | { text: string };

/**
 * Who acted: the action's own actor (a player who deleted their own account: it is gone), the
 * operator, an admin whose account is gone, or the admin by their account.
 */
export function actorOf(entry: AdminLogEntry): Actor {
  const actor = adminLogAction(entry.action).actor?.(entry.data);
  if (actor) return { text: actor };
  if (!entry.adminPerson) return { text: OPERATOR_NAME };
  return entry.adminPerson.email === null ? { text: GONE_ADMIN_NAME } : { person: entry.adminPerson };
}

function partText(entry: AdminLogEntry, part: SentencePart): string {
  if (typeof part === 'string') return part;
  if ('person' in part) return nameOf(entry, part.person);
  if ('record' in part) return part.record;
  return formatInstant(part.time);
}

function wordsText(entry: AdminLogEntry, words: Words): string {
  return wordsAsText(words, (userID) => nameOf(entry, userID), formatInstant);
}

/** "@BossAdmin shipped the merch order of @Scout with tracking RM123456." */
export function entrySentence(entry: AdminLogEntry): string {
  const actor = actorOf(entry);
  const who = 'text' in actor ? actor.text : personName(actor.person);
  const parts = adminLogAction(entry.action).sentence(entry.data);
  return `${who} ${parts.map((part) => partText(entry, part)).join('')}${fullStopAfter(parts)}`;
}

/** The entry's details in one line: "Action: Edited a credit pack; By: …; Cost: $4.99 → $5.49". */
export function entryDetailsText(entry: AdminLogEntry): string {
  const { changes, fields } = adminLogDetails(entry.action, entry.data);
  const actor = actorOf(entry);
  const by = 'text' in actor ? actor.text : `${personName(actor.person)} ${actor.person.email}`;
  return [
    `Action: ${adminLogAction(entry.action).label}`,
    `By: ${by}`,
    ...(changes ?? []).map(
      (change) => `${change.label}: ${wordsText(entry, change.before)} → ${wordsText(entry, change.after)}`,
    ),
    ...fields.map((field) => `${field.label}: ${wordsText(entry, field.value)}`),
  ].join('; ');
}
