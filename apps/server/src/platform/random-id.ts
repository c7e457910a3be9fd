import { randomInt } from 'node:crypto';

/*
 * Random IDs (docs/product.md §5.7): two concatenated random base-36 strings. From the CSPRNG, so an id never
 * tells anything about the ones around it.
 */

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** `length` random characters of 0-9 and a-z. */
export function randomBase36(length: number): string {
  let text = '';
  for (let index = 0; index < length; index += 1) text += ALPHABET[randomInt(ALPHABET.length)];
  return text;
}

/** Two random base-36 strings of 8 characters, concatenated (36^16 ids). */
export function newRandomID(): string {
  return `${randomBase36(8)}${randomBase36(8)}`;
}
