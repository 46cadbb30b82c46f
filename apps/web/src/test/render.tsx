import { ModalsProvider } from '@mantine/modals';
import { type BrandConfig, type BrandId, brandConfig } from '@pet/shared/brands';
import type { Language } from '@pet/shared/constants';
import { render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers.tsx';
import { createQueryClient } from '../app/queryClient.ts';
import { createI18n } from '../lib/i18n/index.ts';
import { resources } from '../lib/i18n/resources.ts';

interface RenderOptions {
  brand?: BrandId | BrandConfig;
  language?: Language;
  /** The first url; defaults to the first route's path. */
  url?: string;
}

/** Renders routes in a memory router inside the app's providers, as a user would see them. */
export function renderRoutes(routes: RouteObject[], options: RenderOptions = {}) {
  const brand =
    typeof options.brand === 'string'
      ? brandConfig(options.brand)
      : (options.brand ?? brandConfig('petention'));
  const i18n = createI18n(brand, options.language ?? 'en', resources);
  // The app's own client, so a test sees every report the app sends (reads are not retried: see the option).
  const queryClient = createQueryClient({ retryReads: false });
  const router = createMemoryRouter(routes, { initialEntries: [options.url ?? routes[0]?.path ?? '/'] });
  const view = render(
    <AppProviders brand={brand} i18n={i18n} queryClient={queryClient}>
      <ModalsProvider>
        <RouterProvider router={router} />
      </ModalsProvider>
    </AppProviders>,
  );
  return { ...view, router, queryClient, i18n };
}
