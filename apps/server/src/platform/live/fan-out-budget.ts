/**
 * The share of the event loop a live fan-out may take (decision 0143): a budget of milliseconds of
 * socket writes that refills at `share` of the time passing, up to `burstMs`. A change after a
 * quiet spell goes out at once however many streams follow it; fan-outs that keep coming wait
 * their turn, so the requests keep the rest of the loop.
 */
export class FanOutBudget {
  readonly #share: number;
  readonly #burstMs: number;
  readonly #now: () => number;
  #budgetMs: number;
  #at: number;

  constructor(options: { share: number; burstMs: number; now?: () => number }) {
    this.#share = options.share;
    this.#burstMs = options.burstMs;
    this.#now = options.now ?? (() => performance.now());
    this.#budgetMs = options.burstMs;
    this.#at = this.#now();
  }

  /** How long the next fan-out waits for its turn, in ms: 0 while the budget lasts. */
  waitMs(): number {
    this.#refill();
    return this.#budgetMs >= 0 ? 0 : -this.#budgetMs / this.#share;
  }

  /** A fan-out's writes took `ms`. */
  spend(ms: number): void {
    this.#refill();
    this.#budgetMs -= ms;
  }

  #refill(): void {
    const now = this.#now();
    this.#budgetMs = Math.min(this.#burstMs, this.#budgetMs + (now - this.#at) * this.#share);
    this.#at = now;
  }
}
