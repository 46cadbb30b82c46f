import { Alert, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { PetProfile } from '@pet/shared';
import { IconLinkOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LoadError } from '../../../components/LoadError.tsx';
import { PageLoader } from '../../../components/Loaders.tsx';
import { useBrand, useBrandTextContext } from '../../../config/brand.tsx';
import { ApiError } from '../../../lib/api/ApiError.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { sharedPetQuery } from '../api/shareLinksApi.ts';
import {
  SharedContacts,
  SharedDocuments,
  SharedMedical,
  SharedPetHead,
} from '../components/SharedPetSections.tsx';

interface SharedPetPageProps {
  /** The pet's profile facts, as the pets screens show them (composed by the app: no feature imports another). */
  facts?: (pet: PetProfile) => ReactNode;
}

/**
 * /shared/:secret, without sign-in: what a share link shows a vet or a sitter (the pet's profile and
 * picture, contacts, medical data by category, documents when the owner chose them), read-only, with the
 * link's end. An unknown, expired or revoked link (the API answers all three alike) says so.
 */
export function SharedPetPage({ facts }: SharedPetPageProps) {
  const { t } = useTranslation('share');
  const brand = useBrand();
  const textContext = useBrandTextContext();
  const secret = useParams().secret ?? '';
  const shared = useQuery(sharedPetQuery(secret));

  if (shared.isPending) return <PageLoader />;
  if (shared.isError) {
    if (shared.error instanceof ApiError && shared.error.status === 404) {
      return (
        <Paper withBorder p="xl" radius="lg">
          <Group gap="md" wrap="nowrap" align="flex-start">
            <ThemeIcon variant="light" color="gray" size={44} radius="xl">
              <IconLinkOff size={22} stroke={1.6} />
            </ThemeIcon>
            <Stack gap={6}>
              <Title order={1} fz="xl">
                {t('page.unknownTitle')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('page.unknownText', textContext)}
              </Text>
            </Stack>
          </Group>
        </Paper>
      );
    }
    return (
      <LoadError title={t('page.loadFailed')} error={shared.error} onRetry={() => void shared.refetch()} />
    );
  }

  const { pet, contacts, medical, documents, expires_at } = shared.data;
  return (
    <Stack gap="lg">
      <title>{t('page.title', { name: pet.name })}</title>
      <meta name="robots" content="noindex, nofollow" />
      <Alert variant="light" radius="md">
        <Text size="sm">
          {t('page.notice', { brand: brand.displayName, date: formatDateTime(expires_at) })}
        </Text>
      </Alert>
      <SharedPetHead pet={pet} />
      {facts?.(pet)}
      <SharedContacts contacts={contacts} />
      <SharedMedical records={medical} />
      {documents ? <SharedDocuments documents={documents} /> : null}
    </Stack>
  );
}
