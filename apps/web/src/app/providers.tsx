import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider, localStorageColorSchemeManager } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { TOAST_AUTO_CLOSE_MS } from '../lib/config';
import { createQueryClient } from '../lib/query-client';
import { theme } from './theme';

/** Light by default; the user's light/dark choice is kept in localStorage. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'color-scheme' });

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider theme={theme} colorSchemeManager={colorSchemeManager} defaultColorScheme="light">
      {/* spec §9: top-right, 5000 ms, newest on top (lib/notify raises the priority of each new toast) */}
      <Notifications position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} transitionDuration={300} limit={5} zIndex={4000} />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
