import { Suspense, useEffect, useState } from 'react';
import { LoadingScreen } from '../../components/loading/loading-screen';
import { Outlet } from '../../lib/router/router';
import { loadedOutsideStory } from './story-document';

/**
 * Parent of the theater screens (docs/product.md §2.5): children load lazily behind the LOADING fallback.
 * Reached inside a document loaded elsewhere, it loads the story's own document first (see
 * loadedOutsideStory), showing LOADING meanwhile.
 */
export default function StoryLayout() {
  const [reloading] = useState(loadedOutsideStory);
  useEffect(() => {
    if (reloading) window.location.reload();
  }, [reloading]);
  if (reloading) return <LoadingScreen />;
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Outlet />
    </Suspense>
  );
}
