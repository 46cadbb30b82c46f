import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadError } from '../../../components/LoadError.tsx';
import { PageLoader } from '../../../components/Loaders.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { isPromoPlan } from '../../../lib/plan/plan.ts';
import { usePlan } from '../../../lib/plan/usePlan.ts';
import { useMyInfo } from '../../../lib/session/myInfo.ts';
import { cancelAtQuery } from '../api/subscription.ts';
import { CancelledTermination } from '../components/CancelledTermination.tsx';
import { ConfirmTermination } from '../components/ConfirmTermination.tsx';
import { DowngradeChoice } from '../components/DowngradeChoice.tsx';
import { FreePlanContact } from '../components/FreePlanContact.tsx';
import { type CancelProcess, cancelProcess, isCancelProcess } from '../lib/cancelFlow.ts';
import { useRefreshWhileInProgress } from '../lib/useRefreshWhileInProgress.ts';

const TITLE_KEY = {
  downgrade: 'cancel.downgradeTitle',
  confirm_Termination: 'cancel.title',
  cancel_Termination: 'cancel.revokeTitle',
} as const satisfies Record<CancelProcess, string>;

/**
 * /my-account/cancel-subscription?process=downgrade|confirm_Termination|cancel_Termination (spec 2 section
 * 4 "Cancel flow"). Without a valid process the cancel status decides; a cancelled subscription is only ever
 * offered the revocation, whatever the url says. Free (default plan) users get a contact message; gift users
 * the plans, where moving down answers with the "can't downgrade" popup, and no cancellation.
 */
export function CancelSubscriptionPage() {
  const { t } = useTranslation('billing');
  const [search, setSearch] = useSearchParams();
  const { product, status, isPending } = usePlan();
  // A plan bought a moment ago is activated by the payment event: asked again until it is.
  useRefreshWhileInProgress();
  const me = useMyInfo().data;
  // Without any plan there is nothing to cancel either: the same contact message.
  const free = product === null || product.is_default;
  const cancelAt = useQuery({ ...cancelAtQuery, enabled: !isPending && !free });

  const asked = search.get('process');
  let process: CancelProcess | null = null;
  if (cancelAt.data?.status === 'cancel') process = 'cancel_Termination';
  // A gift has nothing to cancel (it simply ends): whatever the url asks, the plans and the popup.
  else if (status.isGift && cancelAt.data) process = 'downgrade';
  else if (isCancelProcess(asked) && asked !== 'cancel_Termination') process = asked;
  else if (cancelAt.data) {
    process = cancelProcess({
      cancelStatus: cancelAt.data.status,
      sequence: product?.sequence ?? null,
      isPromo: isPromoPlan(product, status),
    });
  }
  const termEnd = me?.stripe_subscription_end ?? cancelAt.data?.end_date ?? null;
  const planName = product?.name ?? '';

  let body: ReactNode;
  if (isPending) body = <PageLoader />;
  else if (free) body = <FreePlanContact />;
  else if (cancelAt.isError) {
    body = (
      <LoadError title={t('cancel.title')} error={cancelAt.error} onRetry={() => void cancelAt.refetch()} />
    );
  } else if (cancelAt.isPending || process === null) body = <PageLoader />;
  else if (process === 'cancel_Termination')
    body = <CancelledTermination planName={planName} termEnd={termEnd} />;
  else if (process === 'downgrade') {
    body = <DowngradeChoice onCancelInstead={() => setSearch({ process: 'confirm_Termination' })} />;
  } else body = <ConfirmTermination planName={planName} termEnd={termEnd} />;

  return (
    <>
      <PageHeader
        title={t(
          free || process === null ? 'cancel.title' : status.isGift ? 'cancel.giftTitle' : TITLE_KEY[process],
        )}
        subtitle={product ? t('cancel.subtitle', { plan: product.name }) : undefined}
      />
      <Stack gap="xl">{body}</Stack>
    </>
  );
}
