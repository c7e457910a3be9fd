/**
 * Sessions recently verified, by the credential that presented them (the viewer keys them by the
 * request's whole Authorization and Cookie headers): the game calls with one token many times a second, and a
 * full check through the auth library (its signature, its session and user reads) costs more than
 * most calls' own work. An entry lives at most `ttlMs` and never past the session's expiry; a
 * sign-out on this instance forgets every credential of that session at once, and a password
 * change every session of its user. A session revoked on another instance, or by a password reset,
 * still works here for up to `ttlMs`.
 */
export interface CachedSession {
  userId: string;
  email: string;
  /** The session's own id: every credential presenting it is forgotten together. */
  sessionToken: string;
  /** Epoch ms: the session's own expiry. */
  expiresAt: number;
  /** Epoch ms after which the entry is not used. */
  until: number;
}

export interface SessionCacheOptions {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}

export class SessionCache {
  readonly #entries = new Map<string, CachedSession>();
  readonly #credentials = new Map<string, Set<string>>();
  /** Each user's session tokens that have entries. */
  readonly #sessionsOfUser = new Map<string, Set<string>>();
  readonly #options: SessionCacheOptions;

  constructor(options: SessionCacheOptions) {
    this.#options = options;
  }

  get(credential: string): CachedSession | undefined {
    const entry = this.#entries.get(credential);
    if (!entry) return undefined;
    if (entry.until <= this.#now()) {
      this.#forget(credential, entry);
      return undefined;
    }
    return entry;
  }

  /** Remembers a verified session until `expiresAt` or the cache's time limit, whichever comes first. */
  set(credential: string, session: Omit<CachedSession, 'until' | 'expiresAt'>, expiresAt: number): void {
    const until = Math.min(this.#now() + this.#options.ttlMs, expiresAt);
    if (until <= this.#now()) return;
    const earlier = this.#entries.get(credential);
    if (earlier) this.#forget(credential, earlier);
    if (this.#entries.size >= this.#options.maxEntries) {
      // Maps keep insertion order: the first entry is the oldest.
      const [oldest] = this.#entries;
      if (oldest) this.#forget(oldest[0], oldest[1]);
    }
    this.#entries.set(credential, { ...session, expiresAt, until });
    const credentials = this.#credentials.get(session.sessionToken) ?? new Set();
    credentials.add(credential);
    this.#credentials.set(session.sessionToken, credentials);
    const tokens = this.#sessionsOfUser.get(session.userId) ?? new Set();
    tokens.add(session.sessionToken);
    this.#sessionsOfUser.set(session.userId, tokens);
  }

  /** Forgets a session under every credential that presented it (a sign-out). */
  forgetSession(sessionToken: string): void {
    for (const credential of this.#credentials.get(sessionToken) ?? []) {
      const entry = this.#entries.get(credential);
      if (entry) this.#forget(credential, entry);
    }
  }

  /** Forgets every session of a user (their password changed: other devices are signed out). */
  forgetUser(userId: string): void {
    for (const sessionToken of this.#sessionsOfUser.get(userId) ?? []) this.forgetSession(sessionToken);
  }

  #forget(credential: string, entry: CachedSession): void {
    this.#entries.delete(credential);
    const credentials = this.#credentials.get(entry.sessionToken);
    credentials?.delete(credential);
    if (credentials?.size !== 0) return;
    this.#credentials.delete(entry.sessionToken);
    const tokens = this.#sessionsOfUser.get(entry.userId);
    tokens?.delete(entry.sessionToken);
    if (tokens?.size === 0) this.#sessionsOfUser.delete(entry.userId);
  }

  #now(): number {
    return (this.#options.now ?? Date.now)();
  }
}
