import { Alert, Button, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { LoadError } from '../../../components/LoadError.tsx';
import { PageLoader } from '../../../components/Loaders.tsx';
import { useBrand } from '../../../config/brand.tsx';
import { ApiError } from '../../../lib/api/ApiError.ts';
import { formatDate } from '../../../lib/dates.ts';
import { errorTextKey } from '../../../lib/errors.ts';
import { usePlan } from '../../../lib/plan/usePlan.ts';
import { useMyInfo } from '../../../lib/session/myInfo.ts';
import { orderableProductsQuery } from '../api/billing.ts';
import { useScheduleDowngrade, useWithdrawDowngrade } from '../api/useSubscriptionMutations.ts';
import { currentPayType, downgradeList, downgradePriceId } from '../lib/downgrade.ts';
import { DowngradeNotPossibleModal } from './DowngradeNotPossibleModal.tsx';
import { PlanGrid } from './PlanGrid.tsx';
import { ProductCard } from './ProductCard.tsx';
import { WithdrawDowngradeButton } from './WithdrawDowngradeButton.tsx';

function isDowngradeRefused(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.message === 'Downgrade_Not_Possible_Text';
}

/**
 * process=downgrade: the plans at or below the current one; choosing one schedules it from the term's end
 * (POST downgrade), its card then shows 'Downgrading' and its start day until the change is withdrawn
 * (POST cancel/downgrade). Gift users get the "can't downgrade" popup instead, and no cancellation.
 */
export function DowngradeChoice({ onCancelInstead }: { onCancelInstead: () => void }) {
  const { t } = useTranslation(['billing', 'plans', 'errors']);
  const brand = useBrand();
  const { product, status } = usePlan();
  const me = useMyInfo().data;
  const list = useQuery(orderableProductsQuery(brand.partnerId));
  const [refusedOpen, setRefusedOpen] = useState(false);
  const downgrading = me?.downgrading ? me.downgrading : null;

  const schedule = useScheduleDowngrade({
    onError: (error) => {
      if (isDowngradeRefused(error)) setRefusedOpen(true);
    },
  });
  const withdraw = useWithdrawDowngrade();
  const failed = [schedule, withdraw].find((m) => m.isError && !isDowngradeRefused(m.error));
  const busy = schedule.isPending || withdraw.isPending;

  const current = list.data?.products.find((p) => p.plan.id === product?.id) ?? null;
  const offered = current && list.data ? downgradeList(list.data.products, current, brand) : [];
  const payType = current ? currentPayType(current, me?.stripe_price_id ?? null) : 'yearly';

  return (
    <Stack gap="lg">
      <Text maw={720}>{t('downgrade.intro')}</Text>
      {downgrading ? (
        <Alert variant="light" color="orange" radius="md">
          {t('downgrade.scheduled', {
            plan: downgrading.product_name,
            date: formatDate(downgrading.starts_on),
          })}
        </Alert>
      ) : null}
      {failed ? <FormAlert>{t(`errors:${errorTextKey(failed.error)}`)}</FormAlert> : null}

      {list.isPending ? <PageLoader /> : null}
      {list.isError ? (
        <LoadError title={t('downgrade.listLabel')} error={list.error} onRetry={() => void list.refetch()} />
      ) : null}
      {offered.length > 0 ? (
        <PlanGrid label={t('downgrade.listLabel')} count={offered.length}>
          {offered.map((p) => {
            const isCurrent = p.plan.id === current?.plan.id;
            const isTarget = p.plan.id === downgrading?.product_id;
            const priceId = current ? downgradePriceId(p, current, payType) : null;
            return (
              <ProductCard
                key={p.plan.id}
                product={p.plan}
                current={isCurrent}
                downgradingFrom={isTarget && downgrading ? formatDate(downgrading.starts_on) : undefined}
                footer={
                  isCurrent ? undefined : isTarget ? (
                    <WithdrawDowngradeButton withdraw={withdraw} disabled={busy} />
                  ) : (
                    <Button
                      disabled={busy || priceId === null}
                      loading={schedule.isPending && schedule.variables === priceId}
                      onClick={() => {
                        if (status.isGift) setRefusedOpen(true);
                        else if (priceId) schedule.mutate(priceId);
                      }}
                    >
                      {t('downgrade.choose')}
                    </Button>
                  )
                }
              />
            );
          })}
        </PlanGrid>
      ) : null}

      {/* A gift has no paid subscription to cancel (the server answers 409): it simply ends. */}
      {status.isGift ? null : (
        <div>
          <Button variant="subtle" color="red" onClick={onCancelInstead}>
            {t('downgrade.cancelInstead')}
          </Button>
        </div>
      )}
      <DowngradeNotPossibleModal opened={refusedOpen} onClose={() => setRefusedOpen(false)} />
    </Stack>
  );
}
