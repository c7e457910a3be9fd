import { Suspense } from 'react';
import { lazyComponent } from '../../lib/lazy-component';
import { SITE_TITLE, usePageTitle } from '../../lib/page-title';
import { EarlyAccess } from './components/early-access';
import { HeroTeaser } from './components/hero-teaser';

/**
 * Everything below "Get Early Access" is a chunk of its own. The page is prerendered, so its
 * first paint needs no JavaScript; the entry hydrates the first screen (the bar, the teaser,
 * early access) and this part hydrates in place when its chunk arrives, right after: React
 * keeps a prerendered Suspense boundary's HTML until the code to hydrate it is there.
 */
const HomeSections = lazyComponent(() => import('./home-sections'));

/** The marketing landing page, its sections in the order of docs/product.md §2.3. */
export function HomeScreen() {
  usePageTitle(SITE_TITLE);

  return (
    <>
      <HeroTeaser />
      <EarlyAccess />
      <Suspense fallback={null}>
        <HomeSections />
      </Suspense>
    </>
  );
}
