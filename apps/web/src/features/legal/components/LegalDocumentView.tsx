import { Paper } from '@mantine/core';
import type { LegalDocument } from '@pet/shared/domain/account';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/LoadError.tsx';
import { PageLoader } from '../../../components/Loaders.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { currentLanguage } from '../../../lib/i18n/index.ts';
import { legalDocumentQuery } from '../api/legalApi.ts';
import { LegalMarkdown } from './LegalMarkdown.tsx';

/** Where each document's title lives in the `legal` namespace (the page routes keep the spec's names). */
const TITLE_KEYS = {
  imprint: 'pdf.title',
  terms: 'conditions.title',
  privacy: 'dataProtection.title',
} as const satisfies Record<LegalDocument, string>;

/** One legal page: its title, then the brand's text in the reader's language, or a failure with retry. */
export function LegalDocumentView({ document }: { document: LegalDocument }) {
  const { t, i18n } = useTranslation('legal');
  const text = useQuery(legalDocumentQuery(document, currentLanguage(i18n)));
  const title = t(TITLE_KEYS[document]);

  return (
    <>
      <PageHeader title={title} />
      {text.isPending ? (
        <PageLoader />
      ) : text.isError ? (
        <LoadError title={t('loadError')} error={text.error} onRetry={() => void text.refetch()} />
      ) : (
        <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} component="article" aria-label={title}>
          <LegalMarkdown markdown={text.data.markdown} />
        </Paper>
      )}
    </>
  );
}
