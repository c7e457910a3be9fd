import { Suspense } from 'react';
import { LoadingScreen } from '../../components/loading/loading-screen';
import { Outlet } from '../../lib/router/router';

/** Parent of the theater screens (spec §2): children load lazily behind the LOADING fallback. */
export default function StoryLayout() {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Outlet />
    </Suspense>
  );
}
