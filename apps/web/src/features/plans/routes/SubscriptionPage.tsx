import { Alert, Anchor, Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { paths } from '@pet/shared/paths';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CurrentPlanCard } from '../../../components/CurrentPlanCard.tsx';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { PageLoader } from '../../../components/Loaders.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useBrand } from '../../../config/brand.tsx';
import { errorTextKey } from '../../../lib/errors.ts';
import { usePlan } from '../../../lib/plan/usePlan.ts';
import { productListQuery } from '../api/plans.ts';
import { ProductCard } from '../components/ProductCard.tsx';

/**
 * /my-account/subscription, read-only until ordering arrives with the billing issue: the user's plan and the
 * brand's plans from GET /v1/subscription/product/list, the current one marked. Plans change by code.
 */
export function SubscriptionPage() {
  const { t } = useTranslation(['plans', 'errors', 'common']);
  const brand = useBrand();
  const { product } = usePlan();
  const list = useQuery(productListQuery(brand.partnerId));

  return (
    <>
      <PageHeader
        title={t('overview.title')}
        subtitle={t('overview.subtitle', { brand: brand.displayName })}
      />
      <Stack gap="xl">
        <CurrentPlanCard withActivateLink={false} withPlansLink={false} />

        <Alert variant="light" radius="md" icon={<IconInfoCircle size={20} />}>
          <Text size="sm">
            {t('overview.note')}{' '}
            <Anchor component={Link} to={paths.activateProduct} inherit fw={600}>
              {t('overview.noteLink')}
            </Anchor>
          </Text>
        </Alert>

        {list.isPending ? <PageLoader /> : null}
        {list.isError ? (
          <Stack gap="sm" align="flex-start">
            <FormAlert>{t(`errors:${errorTextKey(list.error)}`)}</FormAlert>
            <Button variant="light" onClick={() => void list.refetch()}>
              {t('common:actions.retry')}
            </Button>
          </Stack>
        ) : null}
        {list.data && list.data.products.length === 0 ? <Text c="dimmed">{t('overview.empty')}</Text> : null}
        {list.data && list.data.products.length > 0 ? (
          <SimpleGrid
            component="section"
            aria-label={t('overview.listLabel')}
            cols={{ base: 1, sm: 2, lg: Math.min(4, list.data.products.length) }}
            spacing="lg"
          >
            {list.data.products.map((p) => (
              <ProductCard key={p.id} product={p} current={p.id === product?.id} />
            ))}
          </SimpleGrid>
        ) : null}
      </Stack>
    </>
  );
}
