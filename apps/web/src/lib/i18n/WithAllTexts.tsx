import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FullPageLoader } from '../../components/Loaders.tsx';
import { REST_NAMESPACES } from './bundles.ts';

/**
 * Shows its children once every namespace is loaded: the sign-in pages start with a part of the texts, and
 * the pages behind this gate use the rest (lib/i18n/bundles.ts).
 */
export function WithAllTexts({ children }: { children: ReactNode }) {
  const { ready } = useTranslation([...REST_NAMESPACES]);
  return ready ? children : <FullPageLoader />;
}
