import { type ReactNode, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { homeFor, isAdmin, useCurrentUser } from '../lib/auth-store';
import { LOGIN_PATH } from '../lib/config';
import type { Access } from './page-routes';

/** The shell needs a stored user (spec §2); otherwise the login page, which comes back here afterwards. */
export function RequireUser() {
  const user = useCurrentUser();
  const location = useLocation();
  // The user vanishing while the shell is open is a logout (here or in another tab): that goes to the plain
  // login page (spec §4), not back to this page for whoever signs in next. Only a visit without a user keeps the returnUrl.
  const [signedInOnArrival] = useState(() => user !== null);
  if (!user) {
    if (signedInOnArrival) return <Navigate to={LOGIN_PATH} replace />;
    const returnUrl = `${location.pathname}${location.search}`;
    return <Navigate to={`${LOGIN_PATH}?returnUrl=${encodeURIComponent(returnUrl)}`} replace />;
  }
  return <Outlet />;
}

/** Admin-only screens send other staff to their landing page (the API answers them 403 anyway). */
export function RequireAccess({ access, children }: { access: Access; children: ReactNode }) {
  const user = useCurrentUser();
  if (access === 'admin' && !isAdmin(user)) return <Navigate to={homeFor(user)} replace />;
  return <>{children}</>;
}
