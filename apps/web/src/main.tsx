import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/AppRoutes';
import { NavigationBridge } from './app/NavigationBridge';
import { Providers } from './app/Providers';
import { preloadShell } from './app/preload';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');

// A shell page's code starts downloading now, beside the entry's first render, not after it.
preloadShell(window.location.pathname);

createRoot(root).render(
  <StrictMode>
    <Providers>
      <BrowserRouter>
        <NavigationBridge />
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  </StrictMode>,
);
