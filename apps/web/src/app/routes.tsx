import { ROUTES } from '@outpost/contracts/routes';
import { RootLayout } from '../components/layout/root-layout';
import { RouteError } from '../components/route-error/route-error';
import { HomeScreen } from '../features/home/home-screen';
import { lazyComponent } from '../lib/lazy-component';
import { screen } from '../lib/lazy-screen';
import type { RouteObject } from '../lib/router/router';
import { BROUGHT_PUBLIC_ROUTES } from './brought-screens';

// Home ships in the entry chunk; every other screen is its own chunk.
const StoryLayout = lazyComponent(() => import('../features/story/story-layout'));
const TheaterHome = lazyComponent(() => import('../features/story/theater-home'));
const TheaterViewer = lazyComponent(() => import('../features/story/theater-viewer'));
const ShopScreen = lazyComponent(() => import('../features/shop/shop-screen'));
const AboutScreen = lazyComponent(() => import('../features/about/about-screen'));
const DownloadScreen = lazyComponent(() => import('../features/download/download-screen'));
const LoginScreen = lazyComponent(() => import('../features/login/login-screen'));
const AccountScreen = lazyComponent(() => import('../features/account/account-screen'));
const LegalScreen = lazyComponent(() => import('../features/legal/legal-screen'));
const NotFoundScreen = lazyComponent(() => import('../features/not-found/not-found-screen'));
const AdminLayout = lazyComponent(() => import('../features/admin/admin-layout'));
const AdminScreens = lazyComponent(() => import('../features/admin/admin-screens'));
const TheaterAdmin = lazyComponent(() => import('../features/admin/theater/theater-admin'));
const Invite = lazyComponent(() => import('../features/invite/invite-screen'));
const Referral = lazyComponent(() => import('../features/join/join-screen'));

const homeRoute = { element: <HomeScreen />, errorElement: <RouteError /> };

/** The web app's routes (docs/product.md §2.1), built from the route table the server shares. */
export const routes: readonly RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, ...homeRoute },
      { path: ROUTES.homeIndexHtml, ...homeRoute },
      screen(
        StoryLayout,
        {},
        {
          path: ROUTES.story,
          children: [
            screen(TheaterHome, {}, { index: true }),
            // ROUTES.storyAdmin: the theater admin, inside the admin shell (its gate, environment and bar).
            screen(AdminLayout, {}, { path: 'admin', children: [screen(TheaterAdmin, {}, { index: true })] }),
            screen(TheaterViewer, {}, { path: ':episodeID' }),
          ],
        },
      ),
      screen(ShopScreen, {}, { path: ROUTES.shop }),
      screen(AboutScreen, {}, { path: ROUTES.about }),
      screen(DownloadScreen, {}, { path: ROUTES.download }),
      screen(LoginScreen, {}, { path: ROUTES.login }),
      screen(AccountScreen, {}, { path: ROUTES.account }),
      screen(Invite, {}, { path: ROUTES.invite }),
      screen(Referral, {}, { path: ROUTES.referral }),
      screen(LegalScreen, { type: 'privacy' }, { path: ROUTES.privacy }),
      screen(LegalScreen, { type: 'terms' }, { path: ROUTES.terms }),
      screen(
        AdminLayout,
        {},
        {
          // The admin shell; its screens are one lazily loaded route table (features/admin/admin-screens.tsx).
          path: ROUTES.adminHome,
          children: [screen(AdminScreens, {}, { path: '*' })],
        },
      ),
      ...BROUGHT_PUBLIC_ROUTES,
      screen(NotFoundScreen, {}, { path: '*' }),
    ],
  },
];
