import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { paths } from '@pet/shared/paths';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CurrentPlanCard } from '../../../components/CurrentPlanCard.tsx';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { PageLoader } from '../../../components/Loaders.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useBrand } from '../../../config/brand.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { errorTextKey } from '../../../lib/errors.ts';
import { isPromoPlan } from '../../../lib/plan/plan.ts';
import { usePlan } from '../../../lib/plan/usePlan.ts';
import { useMyInfo } from '../../../lib/session/myInfo.ts';
import { useFirstAnswerDeferred } from '../../../lib/useFirstAnswerDeferred.ts';
import { orderableProductsQuery } from '../api/billing.ts';
import { useWithdrawDowngrade } from '../api/useSubscriptionMutations.ts';
import { PlanGrid } from '../components/PlanGrid.tsx';
import { ProductCard } from '../components/ProductCard.tsx';
import { SubscriptionActions } from '../components/SubscriptionActions.tsx';
import { WithdrawDowngradeButton } from '../components/WithdrawDowngradeButton.tsx';
import { disabledReason, offeredPlans, withDowngradeTarget } from '../lib/planRules.ts';
import { lastDayLabel, nextTermLabel } from '../lib/termDates.ts';
import { useRefreshWhileInProgress } from '../lib/useRefreshWhileInProgress.ts';
import { useSubscriptionTerm } from '../lib/useSubscriptionTerm.ts';

/**
 * /my-account/subscription, step 1 of buying a plan: the user's plan and the brand's plans they may move to
 * (spec 2 section 4), the current one marked. Choosing a card opens step 2 with the product in the URL, so a
 * reload keeps it; `?product=` here marks the card chosen before (the browser's back button). A paid plan
 * shows when its term renews or ends and the way to cancel or move down; a pending downgrade's target is
 * listed with its 'Downgrading' badge (issue 14).
 */
export function SubscriptionPage() {
  const { t } = useTranslation(['plans', 'billing', 'errors', 'common']);
  const brand = useBrand();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { product, status } = usePlan();
  const list = useQuery(orderableProductsQuery(brand.partnerId));
  const listed = useFirstAnswerDeferred(list.data);
  // An order in progress: the page asks again until its plan is active (or the order failed).
  useRefreshWhileInProgress();
  const term = useSubscriptionTerm();
  const downgrading = useMyInfo().data?.downgrading || null;
  const withdraw = useWithdrawDowngrade();
  const currentId = product?.id ?? null;
  const offered = listed
    ? withDowngradeTarget(
        listed.products,
        offeredPlans(listed.products, currentId, isPromoPlan(product, status)),
        downgrading ? downgrading.product_id : null,
      )
    : [];
  // A cancelled term, or one a downgrade follows, does not renew the current plan: it ends on its last day.
  const termNote = term.paid
    ? term.cancelled || downgrading
      ? t('billing:lifecycle.endsOn', { date: lastDayLabel(term.termEnd) })
      : t('billing:lifecycle.renewsOn', { date: nextTermLabel(term.termEnd) })
    : undefined;
  const state = { currentId, selectedId: search.get('product'), orderPlaced: listed?.orderPlaced ?? null };

  return (
    <>
      <PageHeader
        title={t('overview.title')}
        subtitle={t('overview.subtitle', { brand: brand.displayName })}
      />
      <Stack gap="xl">
        <CurrentPlanCard withActivateLink={false} withPlansLink={false} />
        <SubscriptionActions term={term} />
        {withdraw.isError ? <FormAlert>{t(`errors:${errorTextKey(withdraw.error)}`)}</FormAlert> : null}

        <Alert variant="light" radius="md" icon={<IconInfoCircle size={20} />}>
          <Text size="sm">
            {t('overview.note')}{' '}
            <Anchor component={Link} to={paths.activateProduct} inherit fw={600}>
              {t('overview.noteLink')}
            </Anchor>
          </Text>
        </Alert>

        {!brand.canPlaceOrders ? (
          <FormAlert>{t('errors:Primepet_Cant_Place_Order', { brand: brand.displayName })}</FormAlert>
        ) : null}

        {!listed && !list.isError ? <PageLoader /> : null}
        {list.isError ? (
          <Stack gap="sm" align="flex-start">
            <FormAlert>{t(`errors:${errorTextKey(list.error)}`)}</FormAlert>
            <Button variant="light" onClick={() => void list.refetch()}>
              {t('common:actions.retry')}
            </Button>
          </Stack>
        ) : null}
        {listed && offered.length === 0 ? <Text c="dimmed">{t('overview.empty')}</Text> : null}
        {offered.length > 0 ? (
          <PlanGrid label={t('overview.listLabel')} count={offered.length}>
            {offered.map((p) => (
              <ProductCard
                key={p.plan.id}
                product={p.plan}
                current={p.plan.id === currentId}
                termNote={p.plan.id === currentId ? termNote : undefined}
                downgradingFrom={
                  downgrading && p.plan.id === downgrading.product_id
                    ? formatDate(downgrading.starts_on)
                    : undefined
                }
                footer={
                  p.plan.id === downgrading?.product_id ? (
                    <WithdrawDowngradeButton withdraw={withdraw} />
                  ) : undefined
                }
                choice={
                  brand.canPlaceOrders && p.plan.id !== downgrading?.product_id
                    ? {
                        disabled: disabledReason(p, state),
                        onChoose: () =>
                          navigate({
                            pathname: paths.checkout,
                            search: `?product=${encodeURIComponent(p.plan.id)}`,
                          }),
                      }
                    : undefined
                }
              />
            ))}
          </PlanGrid>
        ) : null}
      </Stack>
    </>
  );
}
