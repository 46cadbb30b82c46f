import { Button, Group } from '@mantine/core';
import { paths } from '@pet/shared/paths';
import { IconArrowBackUp, IconArrowDownRight, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePlan } from '../../../lib/plan/usePlan.ts';
import type { CancelProcess } from '../lib/cancelFlow.ts';
import type { SubscriptionTerm } from '../lib/useSubscriptionTerm.ts';
import { DowngradeNotPossibleModal } from './DowngradeNotPossibleModal.tsx';

function cancelPage(process: CancelProcess): string {
  return `${paths.cancelSubscription}?process=${process}`;
}

/**
 * The ways out of a paid plan on the subscription page: cancel (or revoke a cancellation) and move down, by
 * the cancel flow's process. Gift users are told at once that they cannot move down; the free plan shows
 * nothing (it cannot be terminated).
 */
export function SubscriptionActions({ term }: { term: SubscriptionTerm }) {
  const { t } = useTranslation('billing');
  const { product, status } = usePlan();
  const [refusedOpen, setRefusedOpen] = useState(false);
  if (!product || product.is_default) return null;

  if (!term.paid) {
    if (!status.isGift) return null;
    return (
      <Group gap="sm">
        <Button
          variant="default"
          leftSection={<IconArrowDownRight size={16} />}
          onClick={() => setRefusedOpen(true)}
        >
          {t('lifecycle.downgrade')}
        </Button>
        <DowngradeNotPossibleModal opened={refusedOpen} onClose={() => setRefusedOpen(false)} />
      </Group>
    );
  }
  if (term.process === null) return null;

  return (
    <Group gap="sm">
      {term.process === 'cancel_Termination' ? (
        <Button
          component={Link}
          to={cancelPage('cancel_Termination')}
          leftSection={<IconArrowBackUp size={16} />}
        >
          {t('lifecycle.revoke')}
        </Button>
      ) : null}
      {term.process === 'downgrade' ? (
        <Button
          component={Link}
          to={cancelPage('downgrade')}
          variant="default"
          leftSection={<IconArrowDownRight size={16} />}
        >
          {t('lifecycle.downgrade')}
        </Button>
      ) : null}
      {term.process !== 'cancel_Termination' ? (
        // The cancel flow: a plan that may move down offers that first (the choice page), others confirm.
        <Button
          component={Link}
          to={cancelPage(term.process === 'downgrade' ? 'downgrade' : 'confirm_Termination')}
          variant="subtle"
          color="red"
          leftSection={<IconX size={16} />}
        >
          {t('lifecycle.cancel')}
        </Button>
      ) : null}
    </Group>
  );
}
