import { Anchor, Grid, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { MyInfo } from '@pet/shared';
import { paths } from '@pet/shared/paths';
import { IconKey, IconLogout, IconMapPinCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CurrentPlanCard } from '../../../components/CurrentPlanCard.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useBrand } from '../../../config/brand.tsx';
import { usePlan } from '../../../lib/plan/usePlan.ts';
import { myInfoQueryKey, useMyInfo } from '../../../lib/session/myInfo.ts';
import { signOut } from '../../../lib/session/signOut.ts';
import { mustActivateProduct } from '../../../lib/session/visibility.ts';
import { ActivateProductForm } from '../components/ActivateProductForm.tsx';

/**
 * /my-account/activate-product (spec 2 sections 2, 4, 5): redeem an activation code, with the GPS tracker id
 * on tier-fritz unless the user has one. Users a brand holds without a product (hunde-schutz) land here with
 * the side bar hidden and stay until a code succeeds; they can always sign out.
 */
export function ActivateProductPage() {
  const { t } = useTranslation('plans');
  const brand = useBrand();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const me = useMyInfo().data;
  const { status } = usePlan();
  if (!me) return null;

  const held = mustActivateProduct(brand, me);
  const trackerShown = brand.requiresTracker && status.trackerIds.length === 0;

  const onActivated = async (next: MyInfo | null) => {
    // The cache must know the new plan before leaving, or the layout would hold the user here again.
    if (next) queryClient.setQueryData(myInfoQueryKey, next);
    const refresh = queryClient.invalidateQueries({ queryKey: myInfoQueryKey });
    if (!next) await refresh;
    notifications.show({ color: 'teal', message: t('activate.success') });
    navigate(paths.home, { replace: true });
  };

  const form = (
    <Paper withBorder p="xl">
      <Stack gap="lg">
        {/* Held users read the same request in the page's heading. */}
        {held ? null : (
          <Group gap="md" wrap="nowrap" align="flex-start">
            <ThemeIcon size={44} radius="md" variant="light">
              <IconKey size={24} stroke={1.6} />
            </ThemeIcon>
            <Text>{trackerShown ? t('activate.introTracker') : t('activate.intro')}</Text>
          </Group>
        )}
        <ActivateProductForm trackerShown={trackerShown} onActivated={onActivated} />
        {brand.requiresTracker && status.trackerIds.length > 0 ? (
          <Group gap={8} wrap="nowrap" c="dimmed">
            <IconMapPinCheck size={18} />
            <Text size="sm">{t('activate.trackerRegistered', { id: status.trackerIds.join(', ') })}</Text>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );

  if (held) {
    return (
      <Stack maw={560} mx="auto" mt={{ base: 0, sm: 'xl' }} gap="lg">
        <Stack gap={6}>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {t('activate.held.title')}
          </Title>
          <Text c="dimmed">{t('activate.held.text')}</Text>
        </Stack>
        {form}
        <Group gap={6} justify="center">
          <Text size="sm" c="dimmed">
            {t('activate.held.logoutText')}
          </Text>
          <Anchor
            component="button"
            type="button"
            size="sm"
            fw={600}
            onClick={() => void signOut(queryClient, { redirectTo: paths.signin })}
          >
            <Group gap={4} wrap="nowrap">
              <IconLogout size={15} />
              {t('activate.held.logout')}
            </Group>
          </Anchor>
        </Group>
      </Stack>
    );
  }

  return (
    <>
      <PageHeader title={t('activate.title')} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>{form}</Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <CurrentPlanCard compact withActivateLink={false} />
        </Grid.Col>
      </Grid>
    </>
  );
}
