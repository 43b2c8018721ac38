import { RouterProvider } from 'react-router';
import { Providers } from './providers';
import { router } from './router';

/** The whole web app: providers around the router (the router's root layout holds the loader, bar and 401 modal). */
export function App() {
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
