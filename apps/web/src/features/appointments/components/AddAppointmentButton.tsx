import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppointmentPermission } from './useAppointmentPermission.ts';

/** Goes to the add route; disabled (not a link) while the plan has no appointments or is still loading. */
export function AddAppointmentButton({ to }: { to: string }) {
  const { t } = useTranslation('appointments');
  const { decision, isPending } = useAppointmentPermission();
  const icon = <IconPlus size={18} stroke={1.8} />;
  if (isPending || !decision.allowed) {
    return (
      <Button leftSection={icon} disabled>
        {t('list.add')}
      </Button>
    );
  }
  return (
    <Button component={Link} to={to} leftSection={icon}>
      {t('list.add')}
    </Button>
  );
}
