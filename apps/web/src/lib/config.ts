/** The studio's name and contact lines, fixed at build time (vite.config.ts reads STUDIO_* variables). */
export interface StudioConfig {
  readonly name: string;
  readonly tagline: string;
  readonly phone: string;
  readonly email: string;
  readonly address: string;
  readonly instagram: string;
  /** The studio's time zone (default Africa/Lagos): its calendar decides "today" and months, as on the server. */
  readonly timeZone: string;
}

export const studio: StudioConfig = Object.freeze({ ...__STUDIO_CONFIG__ });

/** Where a signed-in user lands: admins on the dashboard, other staff at the makeup-store till. */
export const ADMIN_HOME = '/dashboard/main';
export const STAFF_HOME = '/dashboard/point-of-sales/store';
/** An outlet's till (staff land on their own: `outlet` on their account). */
export const tillPath = (outlet: 'store' | 'office' | 'salon') => `/dashboard/point-of-sales/${outlet}`;
export const LOGIN_PATH = '/auth/login';
/** Transfers to confirm (admin, issue 17): the page, and where the dashboard's and the day close's transfer figures lead. */
export const TRANSFERS_PATH = '/finances/transfers';
/** Bank statements imported to confirm transfers (issue 30), opened from Transfers to confirm. */
export const BANK_STATEMENTS_PATH = '/finances/bank-statements';
/** Payment reminders (admin, issue 17): everyone who owes, reminded on WhatsApp one after another. */
export const PAYMENT_REMINDERS_PATH = '/finances/reminders';

/** Shell constants from the product spec (§9). */
export const SIDEBAR_BREAKPOINT_PX = 991;
export const MEGA_MENU_BREAKPOINT_PX = 1199;
export const RESIZE_DEBOUNCE_MS = 1000;
export const LOADER_HIDE_MS = 3000;
export const BACK_TO_TOP_THRESHOLD_PX = 600;
export const TOAST_AUTO_CLOSE_MS = 5000;

/** The API and the web app share one origin (one port in production, the dev server proxies /api). */
export function apiBase(): string {
  return window.location.origin;
}

/** Absolute address of a file the API serves, e.g. a profile photo path `uploads/profile/3-ab.jpg`. */
export function assetUrl(path: string | null | undefined): string | undefined {
  if (!path) return undefined;
  if (/^https?:\/\//i.test(path)) return path;
  return `${apiBase()}/${path.replace(/^\/+/, '')}`;
}
