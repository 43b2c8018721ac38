import { Center, Loader } from '@mantine/core';
import { Suspense, lazy } from 'react';
import { Navigate, Outlet, type RouteObject, createBrowserRouter } from 'react-router';
import { LoginPage } from '../features/auth/login.page';
import { ADMIN_HOME, LOGIN_PATH } from '../lib/config';
import { RequireAccess, RequireUser } from './guards';
import { PAGE_ROUTES } from './page-routes';
import { AppLoader } from './shell/app-loader';
import { LoadingBar } from './shell/loading-bar';
import { SessionTimeoutModal } from './shell/session-timeout.modal';

// The shell (sidebar, header, menus) is its own chunk: the login route never downloads it.
const ShellLayout = lazy(() => import('./shell/app-shell').then((m) => ({ default: m.ShellLayout })));
const TemplatePage = lazy(() => import('../features/template-pages/template-pages.page').then((m) => ({ default: m.TemplatePage })));

export function PageFallback() {
  return (
    <Center py="xl" data-testid="page-loading">
      <Loader color="gold" type="dots" />
    </Center>
  );
}

/** Always mounted: the start-up loader, the request bar and the 'Session TimeOut' modal (needs the router to log out). */
function RootLayout() {
  return (
    <>
      <AppLoader />
      <LoadingBar />
      <SessionTimeoutModal />
      <Outlet />
    </>
  );
}

/** The route table of spec §2: '' → /dashboard/main, /auth/login, every menu route inside the guarded shell, anything else → ''. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { index: true, element: <Navigate to={ADMIN_HOME} replace /> },
      { path: LOGIN_PATH, element: <LoginPage /> },
      // template leftovers (spec §2): error and maintenance pages, reachable but not product features
      {
        path: '/pages/:kind/:code?',
        element: (
          <Suspense fallback={<PageFallback />}>
            <TemplatePage />
          </Suspense>
        ),
      },
      {
        element: <RequireUser />,
        children: [
          {
            element: (
              <Suspense fallback={<PageFallback />}>
                <ShellLayout />
              </Suspense>
            ),
            children: PAGE_ROUTES.map(({ path, title, access, page: Page }) => ({
              path,
              element: (
                <RequireAccess access={access}>
                  <Suspense fallback={<PageFallback />}>
                    <Page title={title} />
                  </Suspense>
                </RequireAccess>
              ),
            })),
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
