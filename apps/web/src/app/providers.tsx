import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider, localStorageColorSchemeManager } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, type ReactNode, Suspense, lazy, useEffect, useState } from 'react';
import { afterLoadAndIdle } from '../lib/after-load';
import { useCurrentUser } from '../lib/auth-store';
import { createQueryClient } from '../lib/query-client';
import { useLatch } from '../lib/use-latch';
import { cssVariablesResolver, theme } from './theme';

/** Light by default; the user's light/dark choice is kept in localStorage. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'color-scheme' });

// The toasts' container (with its transitions and scroll lock) is not part of the login route: loaded with the first
// toast, or when someone is signed in, once the page has loaded and the browser is idle. (Its own module: a dynamic import of '@mantine/notifications' itself would
// take the whole package into the entry.) If the chunk cannot be fetched (server gone), no toast rather than a crash.
const loadToasts = () => import('./toasts');
const Toasts = lazy<ComponentType>(() => loadToasts().then((m) => ({ default: m.Toasts }), () => ({ default: () => null })));

/** Mounts the toasts' container once the first toast is shown (it then shows it) and keeps it mounted. */
function LazyToasts() {
  const { notifications, queue } = useNotifications();
  const signedIn = useCurrentUser() !== null;
  useEffect(() => {
    if (signedIn) afterLoadAndIdle(() => void loadToasts().catch(() => undefined));
  }, [signedIn]);
  const needed = useLatch(notifications.length + queue.length > 0);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} colorSchemeManager={colorSchemeManager} defaultColorScheme="light">
      <LazyToasts />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
