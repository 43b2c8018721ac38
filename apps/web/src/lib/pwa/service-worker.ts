import { createSignal } from '../signal';

/**
 * A new deploy's service worker waits (installed, not active) until the page says so: then `apply()` is set and the
 * app offers "Update ready: reload" (app/shell/pwa-notices.tsx). Applying tells the waiting worker to take over and
 * reloads the page once it has: the page and every file it loads come from one build, never a mix.
 */
export const updateReady = createSignal<(() => void) | null>(null);

/** How often an open app asks the server whether there is a new deploy (besides each start). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

let registered = false;

/**
 * Registers the worker the build wrote (/sw.js, vite-plugin-pwa's generateSW; docs/decisions/016-offline-till.md)
 * after the page has loaded, so it never competes with the first paint. Called by the signed-in shell: the login
 * route does not carry it (its JavaScript budget, e2e/delivery.spec.ts), and a till is always signed in. Once.
 * Not in development (no /sw.js there), nor where the browser has none (plain HTTP on another machine).
 */
export function registerServiceWorker(): void {
  if (registered || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  registered = true;
  const start = async () => {
    const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    watchForUpdates(registration, navigator.serviceWorker, () => window.location.reload());
    window.setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
  };
  const run = () => void start().catch(() => undefined);
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
}

type Container = Pick<ServiceWorkerContainer, 'controller' | 'addEventListener'>;

/**
 * Offers a new worker once it has installed beside the one serving the page (`updateReady`); applying the offer tells
 * it to take over (workbox's SKIP_WAITING) and reloads the page when it has, never before. A first install (no
 * controller yet) is not an update: the next load is simply served by it.
 */
export function watchForUpdates(registration: Pick<ServiceWorkerRegistration, 'waiting' | 'installing' | 'addEventListener'>, container: Container, reload: () => void): void {
  let applying = false;
  const offer = (worker: ServiceWorker) =>
    updateReady.set(() => () => {
      applying = true;
      worker.postMessage({ type: 'SKIP_WAITING' });
    });
  container.addEventListener('controllerchange', () => {
    if (applying) reload();
  });
  if (registration.waiting && container.controller) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && container.controller) offer(worker);
    });
  });
}

/**
 * Opened over plain HTTP from another machine (`http://192.168.1.20:3000`): the browser gives such a page no service
 * worker and no reliable storage, so the till cannot sell offline there. `localhost` and HTTPS are secure contexts.
 */
export function insecureTill(): boolean {
  return typeof window !== 'undefined' && window.isSecureContext === false;
}
