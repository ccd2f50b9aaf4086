import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/AppProviders';
import { loadAppApollo } from './app/apollo/apollo-loader';
import { appRoutes } from './app/router/routes';

// Starts now, in parallel with the first render; see apollo-loader.tsx.
const apollo = loadAppApollo();
const router = createBrowserRouter(appRoutes);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders apollo={apollo}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
