import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { PUBLIC_ROUTES, PublicProviders } from './PublicApp.tsx';
import { bindNavigator } from './platform/routing/navigation.ts';
import './app.css';

/** The entry of public.html: the pages opened from a link outside the app, with no session. */
const router = createBrowserRouter(PUBLIC_ROUTES);
// outside React (the API's 401 flow) a full load: the app's pages are not in this entry
bindNavigator((to) => window.location.assign(to));

const root = document.getElementById('root');
if (!root) throw new Error('#root not found');
createRoot(root).render(
  <StrictMode>
    <PublicProviders>
      <RouterProvider router={router} />
    </PublicProviders>
  </StrictMode>,
);
