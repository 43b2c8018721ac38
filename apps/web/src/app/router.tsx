import { Center, Loader } from '@mantine/core';
import { type ComponentType, Suspense, lazy, useEffect, useState } from 'react';
import { Navigate, Outlet, type RouteObject, createBrowserRouter } from 'react-router';
import { LoginPage } from '../features/auth/login.page';
import { sessionTimedOut } from '../lib/api-client';
import { useCurrentUser } from '../lib/auth-store';
import { ADMIN_HOME, LOGIN_PATH } from '../lib/config';
import { useSignal } from '../lib/signal';
import { RequireAccess, RequireUser } from './guards';
import { PAGE_ROUTES } from './page-routes';
import { AppLoader } from './shell/app-loader';
import { LoadingBar } from './shell/loading-bar';

// The shell (sidebar, header, menus) is its own chunk: the login route never downloads it.
const ShellLayout = lazy(() => import('./shell/app-shell').then((m) => ({ default: m.ShellLayout })));
const TemplatePage = lazy(() => import('../features/template-pages/template-pages.page').then((m) => ({ default: m.TemplatePage })));
// Mantine's Modal (with its scroll area and floating-ui) is not part of the login route: loaded on the first 401, or
// as soon as someone is signed in. If the chunk cannot be fetched (server gone), no modal rather than a crash.
const loadSessionTimeoutModal = () => import('./shell/session-timeout.modal');
const SessionTimeoutModal = lazy<ComponentType>(() => loadSessionTimeoutModal().then((m) => ({ default: m.SessionTimeoutModal }), () => ({ default: () => null })));

export function PageFallback() {
  return (
    <Center py="xl" data-testid="page-loading">
      <Loader color="gold" type="dots" />
    </Center>
  );
}

/** The 'Session TimeOut' modal, mounted from the first 401 on (and kept, so it can close with its transition). */
function SessionTimeout() {
  const timedOut = useSignal(sessionTimedOut);
  const signedIn = useCurrentUser() !== null;
  useEffect(() => {
    if (signedIn) loadSessionTimeoutModal().catch(() => undefined);
  }, [signedIn]);
  const [needed, setNeeded] = useState(timedOut);
  if (timedOut && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <SessionTimeoutModal />
    </Suspense>
  );
}

/** Always mounted: the start-up loader, the request bar and the 'Session TimeOut' modal (needs the router to log out). */
function RootLayout() {
  return (
    <>
      <AppLoader />
      <LoadingBar />
      <SessionTimeout />
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
