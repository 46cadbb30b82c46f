import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import type { BrandConfig } from '@pet/shared/brands';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { type ReactNode, useMemo } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { BrandProvider } from '../config/brand.tsx';
import { currentLanguage } from '../lib/i18n/index.ts';
import { LazyNotifications } from './LazyNotifications.tsx';
import { createAppTheme, cssVariablesResolver } from './theme.ts';

interface AppProvidersProps {
  brand: BrandConfig;
  i18n: I18n;
  queryClient: QueryClient;
  children: ReactNode;
}

/**
 * Everything a screen needs around it; tests render screens inside the same providers. The confirm dialogs'
 * provider is the signed-in layout's (ModalsProvider): no public page asks for one.
 */
export function AppProviders({ brand, i18n, queryClient, children }: AppProvidersProps) {
  return (
    <BrandProvider brand={brand}>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <ThemedMantine brand={brand}>
            <LocalizedDates>
              <LazyNotifications />
              {children}
            </LocalizedDates>
          </ThemedMantine>
        </QueryClientProvider>
      </I18nextProvider>
    </BrandProvider>
  );
}

/** Mantine with the brand's theme, whose icon-only buttons are named in the UI language (made anew on a switch). */
function ThemedMantine({ brand, children }: { brand: BrandConfig; children: ReactNode }) {
  const { t, i18n } = useTranslation('common');
  const language = currentLanguage(i18n);
  // biome-ignore lint/correctness/useExhaustiveDependencies: t changes with the language, which is the dependency
  const theme = useMemo(
    () => createAppTheme(brand, { close: t('actions.close'), clear: t('actions.clear') }),
    [brand, language],
  );
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      {children}
    </MantineProvider>
  );
}

/** Date pickers follow the UI language; the first day of the week is Monday in both. */
function LocalizedDates({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <DatesProvider settings={{ locale: currentLanguage(i18n), firstDayOfWeek: 1 }}>{children}</DatesProvider>
  );
}
