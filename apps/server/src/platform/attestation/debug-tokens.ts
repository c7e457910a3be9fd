import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * True when `candidate` is one of the configured debug tokens. Compares digests in constant time
 * and always looks at every entry, so response timing does not reveal how much of a token matched.
 */
export function createDebugTokenMatcher(tokens: readonly string[]): (candidate: string) => boolean {
  const known = tokens.filter((token) => token.length > 0).map(digest);
  return (candidate) => {
    const probe = digest(candidate);
    let found = false;
    for (const entry of known) found = timingSafeEqual(entry, probe) || found;
    return found;
  };
}
