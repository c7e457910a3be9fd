import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { spellingsOf, writeDomain } from './main';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// Writing a domain and checking it whole is scripts/check-new-domain.sh (run by .ci/run); here, what it refuses.
describe('npm run new-domain', () => {
  it('spells a name every way the code needs it', () => {
    expect(spellingsOf('season-passes', '2026-12-02')).toEqual({
      kebab: 'season-passes',
      snake: 'season_passes',
      camel: 'seasonPasses',
      Pascal: 'SeasonPasses',
      CONST: 'SEASON_PASSES',
      words: 'season passes',
      Words: 'Season passes',
      date: '2026-12-02',
    });
  });

  it.each([
    ['Leaderboards', /is not a domain name/],
    ['season_passes', /is not a domain name/],
    ['shop', /apps\/server\/src\/shop already exists/],
    ['platform', /is taken by the app itself/],
    ['machines', /already has routes at \/api\/machines/],
    ['privacy', /already has a page at \/privacy/],
  ])('refuses "%s" in words, writing nothing', (name, message) => {
    expect(() => writeDomain(ROOT, name, '2026-12-02')).toThrow(message);
  });
});
