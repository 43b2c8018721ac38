import './zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

// After an update the old build's chunks are gone: reload once to pick up the new build instead of failing.
window.addEventListener('vite:preloadError', (event) => {
  const key = 'reloadedForNewBuild';
  if (sessionStorage.getItem(key)) return;
  sessionStorage.setItem(key, '1');
  event.preventDefault();
  window.location.reload();
});
window.setTimeout(() => sessionStorage.removeItem('reloadedForNewBuild'), 10_000);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
