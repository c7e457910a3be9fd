import { ROUTES } from '@outpost/contracts/routes';
import { lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import { RootLayout } from '../components/layout/root-layout';
import { RouteError } from '../components/route-error/route-error';
import { HomeScreen } from '../features/home/home-screen';
import { NotFoundScreen } from '../features/not-found/not-found-screen';

// Home and Not-found ship in the entry chunk; every other screen is its own chunk.
const StoryLayout = lazy(() => import('../features/story/story-layout'));
const TheaterHome = lazy(() => import('../features/story/theater-home'));
const TheaterAdmin = lazy(() => import('../features/story/theater-admin'));
const TheaterViewer = lazy(() => import('../features/story/theater-viewer'));
const ShopScreen = lazy(() => import('../features/shop/shop-screen'));
const AboutScreen = lazy(() => import('../features/about/about-screen'));
const DownloadScreen = lazy(() => import('../features/download/download-screen'));
const LoginScreen = lazy(() => import('../features/login/login-screen'));
const LegalScreen = lazy(() => import('../features/legal/legal-screen'));
const AdminLayout = lazy(() => import('../features/admin/admin-layout'));
const AdminHome = lazy(() => import('../features/admin/admin-home'));
const AdminModeration = lazy(() => import('../features/admin/admin-moderation'));
const AdminConfiguration = lazy(() => import('../features/admin/admin-configuration'));

const homeRoute = { element: <HomeScreen />, errorElement: <RouteError /> };

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, ...homeRoute },
      { path: ROUTES.homeIndexHtml, ...homeRoute },
      {
        path: ROUTES.story,
        element: <StoryLayout />,
        children: [
          { index: true, element: <TheaterHome /> },
          { path: 'admin', element: <TheaterAdmin /> },
          { path: ':episodeID', element: <TheaterViewer /> },
        ],
      },
      { path: ROUTES.shop, element: <ShopScreen /> },
      { path: ROUTES.about, element: <AboutScreen /> },
      { path: ROUTES.download, element: <DownloadScreen /> },
      { path: ROUTES.login, element: <LoginScreen /> },
      { path: ROUTES.privacy, element: <LegalScreen type="privacy" /> },
      { path: ROUTES.terms, element: <LegalScreen type="terms" /> },
      {
        // Spec §2's admin shell; child routes match ROUTES.adminModeration and ROUTES.adminConfiguration.
        path: ROUTES.adminHome,
        element: <AdminLayout />,
        children: [
          { index: true, element: <AdminHome /> },
          { path: 'moderation', element: <AdminModeration /> },
          { path: 'configuration', element: <AdminConfiguration /> },
        ],
      },
      { path: '*', element: <NotFoundScreen /> },
    ],
  },
]);
