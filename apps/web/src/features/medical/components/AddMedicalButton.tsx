import { ActionIcon, Button, Tooltip } from '@mantine/core';
import type { MedicalType } from '@pet/shared';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMedicalPermission } from './useMedicalPermission.ts';

interface AddMedicalButtonProps {
  type: MedicalType;
  to: string;
  /** The empty state's labelled button instead of the banner's round plus. */
  variant?: 'plus' | 'labelled';
}

/**
 * The plus of a list page: goes to the category's add page; disabled (not a link) while the plan has no
 * medical data or is still loading.
 */
export function AddMedicalButton({ type, to, variant = 'plus' }: AddMedicalButtonProps) {
  const { t } = useTranslation('medical');
  const { decision, isPending } = useMedicalPermission();
  const disabled = isPending || !decision.allowed;
  const label = t(`add.${type}`);

  if (variant === 'labelled') {
    const icon = <IconPlus size={18} stroke={1.8} />;
    return disabled ? (
      <Button leftSection={icon} disabled>
        {label}
      </Button>
    ) : (
      <Button component={Link} to={to} leftSection={icon}>
        {label}
      </Button>
    );
  }
  const icon = <IconPlus size={22} stroke={1.8} />;
  return disabled ? (
    <ActionIcon size={44} radius="xl" aria-label={label} disabled>
      {icon}
    </ActionIcon>
  ) : (
    <Tooltip label={label}>
      <ActionIcon component={Link} to={to} size={44} radius="xl" aria-label={label}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}
