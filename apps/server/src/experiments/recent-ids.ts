/**
 * A set of ids that keeps at most `limit`: adding one more forgets the one added longest ago
 * (a Set iterates in insertion order), so memory stays bounded however long what it remembers for
 * goes on. What it forgot merely answers false again.
 */
export class RecentIds {
  readonly #ids = new Set<string>();

  constructor(readonly limit: number) {}

  get size(): number {
    return this.#ids.size;
  }

  has(id: string): boolean {
    return this.#ids.has(id);
  }

  add(id: string): void {
    if (this.#ids.has(id)) return;
    if (this.#ids.size >= this.limit) {
      const oldest = this.#ids.values().next();
      if (!oldest.done) this.#ids.delete(oldest.value);
    }
    this.#ids.add(id);
  }

  delete(id: string): void {
    this.#ids.delete(id);
  }
}
