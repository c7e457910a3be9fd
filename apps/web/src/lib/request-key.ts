/**
 * A new request key for one intent to spend or claim (a click on "Spin", an approved payment):
 * 128 random bits. `crypto.getRandomValues`, not `randomUUID`, which browsers offer only on
 * secure origins (a site reached over plain HTTP on a LAN address has none).
 */
export function newRequestKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The key of the intent a button is carrying out. Trying the same thing again after a try that got
 * no answer is the same intent (the server may have carried it out, and answers the retry with that
 * outcome); once an answer came, or for something else, the next try is a new intent.
 */
export class IntentKeys {
  #current: { asked: string; key: string } | null = null;

  /** The key for a try of `input` (compared by its JSON). */
  keyFor(input: unknown): string {
    const asked = JSON.stringify(input ?? null);
    if (this.#current?.asked !== asked) this.#current = { asked, key: newRequestKey() };
    return this.#current.key;
  }

  /** The try ended: `answered` unless it got no answer at all (no connection, no answer in time). */
  settled(answered: boolean): void {
    if (answered) this.#current = null;
  }
}
