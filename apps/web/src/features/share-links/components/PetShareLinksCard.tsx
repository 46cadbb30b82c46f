import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { CreatedShareLink, Pet, ShareLink } from '@pet/shared';
import { IconLinkOff, IconShare } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDestructive } from '../../../components/confirmDestructive.tsx';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { ShownOnceAddress } from '../../../components/ShownOnceAddress.tsx';
import { useBrandTextContext } from '../../../config/brand.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { errorTextKey } from '../../../lib/errors.ts';
import { petShareLinksQuery } from '../api/shareLinksApi.ts';
import { useRevokeShareLink } from '../api/useShareLinkMutations.ts';
import { CreateShareLinkForm } from './CreateShareLinkForm.tsx';
import { shareLinkState } from './shareLinkState.ts';

/**
 * "Share with a vet or sitter" on the pet's page: make a read-only link (1 to 30 days, documents or not),
 * whose address is shown once with a copy button; the pet's links with their expiry and last use; revoking
 * one after a confirmation.
 */
export function PetShareLinksCard({ pet }: { pet: Pick<Pet, 'id' | 'name'> }) {
  const { t } = useTranslation(['share', 'errors', 'common']);
  const textContext = useBrandTextContext();
  const links = useQuery(petShareLinksQuery(pet.id));
  // The address exists in clear only in the answer of POST: kept while this page is open.
  const [fresh, setFresh] = useState<CreatedShareLink | null>(null);
  const failed = (error: unknown) =>
    notifications.show({ color: 'red', message: t(`errors:${errorTextKey(error)}`) });

  const created = (link: CreatedShareLink) => {
    setFresh(link);
    notifications.show({ color: 'teal', message: t('card.created') });
  };

  return (
    <SectionCard
      id="share-links-title"
      icon={IconShare}
      title={t('card.title')}
      description={t('card.description', { name: pet.name, ...textContext })}
      p={{ base: 'md', sm: 'xl' }}
    >
      <Stack gap="lg">
        <CreateShareLinkForm petId={pet.id} onCreated={created} onFailed={failed} />
        {fresh ? (
          <ShownOnceAddress
            url={fresh.url}
            notice={t('card.copyNow')}
            label={t('card.urlLabel')}
            copyLabel={t('card.copy')}
            copiedLabel={t('card.copied')}
          />
        ) : null}

        <div>
          <Title order={3} fz="md" mb="xs">
            {t('card.listTitle')}
          </Title>
          {links.isPending ? <Skeleton height={48} aria-label={t('card.loading')} /> : null}
          {links.isError ? (
            <Stack gap="sm" align="flex-start">
              <FormAlert>{t(`errors:${errorTextKey(links.error)}`)}</FormAlert>
              <Button variant="light" onClick={() => void links.refetch()}>
                {t('common:actions.retry')}
              </Button>
            </Stack>
          ) : null}
          {links.data?.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('card.none')}
            </Text>
          ) : null}
          {links.data && links.data.length > 0 ? (
            <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {links.data.map((link) => (
                <ShareLinkRow
                  key={link.id}
                  link={link}
                  petName={pet.name}
                  onRevoked={() => setFresh((shown) => (shown?.id === link.id ? null : shown))}
                  onFailed={failed}
                />
              ))}
            </Stack>
          ) : null}
        </div>
      </Stack>
    </SectionCard>
  );
}

const STATE_COLORS = { active: 'teal', expired: 'gray', revoked: 'red' } as const;

function ShareLinkRow({
  link,
  petName,
  onRevoked,
  onFailed,
}: {
  link: ShareLink;
  petName: string;
  /** The address of a revoked link is no longer worth copying. */
  onRevoked: () => void;
  onFailed: (error: unknown) => void;
}) {
  const { t } = useTranslation(['share', 'common']);
  const revoke = useRevokeShareLink();
  const state = shareLinkState(link);
  const createdAt = formatDateTime(link.created_at);
  const confirmRevoke = () =>
    confirmDestructive({
      title: t('card.revokeConfirmTitle'),
      text: t('card.revokeConfirmText', { name: petName }),
      confirm: t('card.revoke'),
      cancel: t('common:actions.cancel'),
      onConfirm: () =>
        revoke.mutate(link.id, {
          onSuccess: () => {
            onRevoked();
            notifications.show({ color: 'teal', message: t('card.revoked') });
          },
          onError: onFailed,
        }),
    });

  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="share-link">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Badge color={STATE_COLORS[state]} variant="light">
              {t(`card.status.${state}`)}
            </Badge>
            <Text size="sm" c="dimmed">
              {link.include_documents ? t('card.withDocuments') : t('card.withoutDocuments')}
            </Text>
          </Group>
          <Text size="sm">
            {state === 'active'
              ? t('card.validUntil', { date: formatDateTime(link.expires_at) })
              : state === 'expired'
                ? t('card.endedAt', { date: formatDateTime(link.expires_at) })
                : t('card.createdAt', { date: createdAt })}
          </Text>
          <Text size="xs" c="dimmed">
            {link.last_used_at
              ? t('card.lastUsed', { date: formatDateTime(link.last_used_at) })
              : t('card.neverUsed')}
            {state === 'active' ? ` · ${t('card.createdAt', { date: createdAt })}` : ''}
          </Text>
        </Stack>
        {state === 'active' ? (
          <Tooltip label={t('card.revoke')}>
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={t('card.revokeLabel', { date: createdAt })}
              onClick={confirmRevoke}
              loading={revoke.isPending}
            >
              <IconLinkOff size={18} stroke={1.7} />
            </ActionIcon>
          </Tooltip>
        ) : null}
      </Group>
    </Paper>
  );
}
