import type { BrandConfig } from '@pet/shared/brands';
import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './providers.tsx';

interface AppProps {
  brand: BrandConfig;
  i18n: I18n;
  queryClient: QueryClient;
  router: ReturnType<typeof createBrowserRouter>;
}

export function App({ brand, i18n, queryClient, router }: AppProps) {
  return (
    <AppProviders brand={brand} i18n={i18n} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
