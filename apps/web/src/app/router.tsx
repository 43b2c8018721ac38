import { Center, Loader } from '@mantine/core';
import { type ComponentType, Suspense, lazy, startTransition, useEffect, useState } from 'react';
import { Navigate, Outlet, type RouteObject, createBrowserRouter } from 'react-router';
import { LoginPage } from '../features/auth/login.page';
import { sessionTimedOut } from '../lib/api-client';
import { afterLoadAndIdle } from '../lib/after-load';
import { isLoggedIn, useCurrentUser } from '../lib/auth-store';
import { ADMIN_HOME, LOGIN_PATH } from '../lib/config';
import { preloadable } from '../lib/preloadable';
import { useSignal } from '../lib/signal';
import { useLatch } from '../lib/use-latch';
import { RequireAccess, RequireUser } from './guards';
import { PAGE_ROUTES, preloadPage } from './page-routes';
import { AppLoader } from './shell/app-loader';
import { viewportOf } from './shell/use-viewport';
import { LoadingBar } from './shell/loading-bar';

// The shell (sidebar, header, menus) is its own chunk: the login route never downloads it.
// A wide screen draws the sidebar or the menu bar with the shell: their chunks come before the shell is drawn.
const ShellLayout = preloadable(() =>
  import('./shell/app-shell').then(async (m) => {
    if (!viewportOf(window.innerWidth).narrow) await m.preloadWideMenus();
    return m.ShellLayout;
  }),
);
// A signed-in start fetches the shell's chunk and its page's at once (`/` opens the dashboard), not the page's after the
// shell is drawn; settles when both have come (or failed).
let startingSignedIn = typeof window !== 'undefined' && isLoggedIn();
const signedInStart = startingSignedIn
  ? Promise.all([ShellLayout.preload().catch(() => undefined), preloadPage(window.location.pathname === '/' ? ADMIN_HOME : window.location.pathname)]).then(() => {
      startingSignedIn = false;
    })
  : Promise.resolve();
// the public check of a certificate (issue 33): an employer scans its QR code, nobody signs in
const VerifyCertificatePage = lazy(() => import('../features/trainees/verify.page').then((m) => ({ default: m.VerifyCertificatePage })));
const TemplatePage = lazy(() => import('../features/template-pages/template-pages.page').then((m) => ({ default: m.TemplatePage })));
// Mantine's Modal (with its scroll area and floating-ui) is not part of the login route: loaded on the first 401, or
// once the page has loaded and the browser is idle when someone is signed in. If the chunk cannot be fetched (server gone), no modal rather than a crash.
const loadSessionTimeoutModal = () => import('./shell/session-timeout.modal');
const SessionTimeoutModal = lazy<ComponentType>(() => loadSessionTimeoutModal().then((m) => ({ default: m.SessionTimeoutModal }), () => ({ default: () => null })));

/**
 * While a page's chunk loads: a screen's height, so that the shell's footer waits below the fold instead of showing
 * under the header and then jumping down when the page comes (a layout shift Lighthouse counted on the dashboard).
 */
export function PageFallback() {
  return (
    <Center py="xl" mih="100dvh" style={{ alignItems: 'flex-start' }} data-testid="page-loading">
      <Loader color="gold" type="dots" />
    </Center>
  );
}

/** The 'Session TimeOut' modal, mounted from the first 401 on (and kept, so it can close with its transition). */
function SessionTimeout() {
  const timedOut = useSignal(sessionTimedOut);
  const signedIn = useCurrentUser() !== null;
  useEffect(() => {
    if (signedIn) afterLoadAndIdle(() => void loadSessionTimeoutModal().catch(() => undefined));
  }, [signedIn]);
  const needed = useLatch(timedOut);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <SessionTimeoutModal />
    </Suspense>
  );
}

/**
 * Rendered with a page, inside its Suspense boundary: it commits only once the page's chunk has loaded and the page is
 * drawn, and then names the page on <html data-page>. A route change leaves the last page on screen until the next one
 * is ready (React Router's transition), so the address alone does not say which page is shown; this does (e2e/in-app.ts waits on it).
 */
function PageShown({ path }: { path: string }) {
  useEffect(() => {
    document.documentElement.dataset.page = path;
  }, [path]);
  return null;
}

/**
 * The shell, in its Suspense boundary. On a signed-in start it waits, drawing the page's placeholder (not a Suspense
 * fallback), until the shell's and the page's chunks have both come, then draws the shell and its page together in one
 * render: no fallback is committed, so React does not hold the page back by its 300 ms reveal throttle, and the page
 * is on screen as soon as its code is (issue 20, item 5: the dashboard on a phone). Later (after signing in, say) it
 * is an ordinary lazy component: a navigation keeps the last screen until the shell is ready.
 */
function Shell() {
  const [waiting, setWaiting] = useState(startingSignedIn);
  useEffect(() => {
    if (!waiting) return;
    let current = true;
    // a transition: React draws the shell and its page in slices of a few milliseconds, not in one long task
    void signedInStart.then(() => current && startTransition(() => setWaiting(false)));
    return () => {
      current = false;
    };
  }, [waiting]);
  if (waiting) return <PageFallback />;
  return (
    <Suspense fallback={<PageFallback />}>
      <ShellLayout />
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
      {
        path: '/verify/:serial',
        element: (
          <Suspense fallback={<PageFallback />}>
            <VerifyCertificatePage />
          </Suspense>
        ),
      },
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
            element: <Shell />,
            children: PAGE_ROUTES.map(({ path, title, access, page: Page }) => ({
              path,
              element: (
                <RequireAccess access={access}>
                  <Suspense fallback={<PageFallback />}>
                    <PageShown path={path} />
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
