import { Anchor, Button, Group, List, Skeleton, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconCalendarShare, IconExternalLink, IconLinkOff, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { ShownOnceAddress } from '../../../components/ShownOnceAddress.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { errorTextKey } from '../../../lib/errors.ts';
import { calendarFeedQuery, webcalUrl } from '../api/calendarFeedApi.ts';
import { useCreateCalendarFeed, useRevokeCalendarFeed } from '../api/useCalendarFeedMutations.ts';

/**
 * The private calendar feed in the profile: whether one exists, making one (its secret address is shown
 * once, with a copy button and how to subscribe), replacing it and revoking it, both after a confirmation.
 */
export function CalendarFeedCard() {
  const { t } = useTranslation(['account', 'errors', 'common']);
  const feed = useQuery(calendarFeedQuery);
  // The address exists in clear only in the answer of POST: kept while this page is open.
  const [freshUrl, setFreshUrl] = useState<string | null>(null);

  const failed = (error: unknown) =>
    notifications.show({ color: 'red', message: t(`errors:${errorTextKey(error)}`) });

  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const createFeed = () =>
    create.mutate(undefined, {
      onSuccess: (answer) => {
        setFreshUrl(answer.url);
        notifications.show({ color: 'teal', message: t('calendarFeed.created') });
      },
      onError: failed,
    });
  const revokeFeed = () =>
    revoke.mutate(undefined, {
      onSuccess: () => {
        setFreshUrl(null);
        notifications.show({ color: 'teal', message: t('calendarFeed.revoked') });
      },
      onError: failed,
    });

  const confirm = (kind: 'replace' | 'revoke') =>
    modals.openConfirmModal({
      title: t(`calendarFeed.${kind}ConfirmTitle`),
      children: <Text size="sm">{t(`calendarFeed.${kind}ConfirmText`)}</Text>,
      labels: { confirm: t(`calendarFeed.${kind}`), cancel: t('common:actions.cancel') },
      confirmProps: { color: kind === 'revoke' ? 'red' : undefined },
      onConfirm: () => (kind === 'revoke' ? revokeFeed() : createFeed()),
    });

  const busy = create.isPending || revoke.isPending;

  return (
    <SectionCard
      id="calendar-feed-title"
      icon={IconCalendarShare}
      title={t('calendarFeed.title')}
      description={t('calendarFeed.description')}
    >
      {feed.isPending ? <Skeleton height={36} width={220} /> : null}
      {feed.isError ? (
        <Stack gap="sm" align="flex-start">
          <FormAlert>{t(`errors:${errorTextKey(feed.error)}`)}</FormAlert>
          <Button variant="light" onClick={() => void feed.refetch()}>
            {t('common:actions.retry')}
          </Button>
        </Stack>
      ) : null}

      {feed.data && !feed.data.exists ? (
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('calendarFeed.none')}</Text>
          <Button
            leftSection={<IconCalendarShare size={16} stroke={1.7} />}
            onClick={createFeed}
            loading={create.isPending}
          >
            {t('calendarFeed.create')}
          </Button>
        </Stack>
      ) : null}

      {feed.data?.exists ? (
        <Stack gap="md">
          {freshUrl ? (
            <FeedAddress url={freshUrl} />
          ) : (
            <Text size="sm">
              {t('calendarFeed.active', { date: formatDate(feed.data.created_at) })}{' '}
              {t('calendarFeed.shownOnce')}
            </Text>
          )}
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} stroke={1.7} />}
              onClick={() => confirm('replace')}
              loading={create.isPending}
              disabled={busy}
            >
              {t('calendarFeed.replace')}
            </Button>
            <Button
              variant="outline"
              color="red"
              leftSection={<IconLinkOff size={16} stroke={1.7} />}
              onClick={() => confirm('revoke')}
              loading={revoke.isPending}
              disabled={busy}
            >
              {t('calendarFeed.revoke')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </SectionCard>
  );
}

/** The just-made address: copy it, open it in a calendar app, and how to subscribe. */
function FeedAddress({ url }: { url: string }) {
  const { t } = useTranslation('account');
  return (
    <Stack gap="sm">
      <ShownOnceAddress
        url={url}
        notice={t('calendarFeed.copyNow')}
        label={t('calendarFeed.urlLabel')}
        copyLabel={t('calendarFeed.copy')}
        copiedLabel={t('calendarFeed.copied')}
      />
      <Anchor href={webcalUrl(url)} size="sm" fw={600}>
        <Group gap={4} component="span" wrap="nowrap">
          <IconExternalLink size={14} />
          {t('calendarFeed.openInApp')}
        </Group>
      </Anchor>
      <div>
        <Text size="sm" fw={600} mb={4}>
          {t('calendarFeed.howToTitle')}
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>{t('calendarFeed.howToGoogle')}</List.Item>
          <List.Item>{t('calendarFeed.howToApple')}</List.Item>
          <List.Item>{t('calendarFeed.howToOutlook')}</List.Item>
        </List>
        <Text size="xs" c="dimmed" mt="xs">
          {t('calendarFeed.refreshNote')}
        </Text>
      </div>
    </Stack>
  );
}
