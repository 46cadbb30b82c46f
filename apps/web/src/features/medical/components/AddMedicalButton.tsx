import type { MedicalType } from '@pet/shared';
import { useTranslation } from 'react-i18next';
import { AddPlusButton } from '../../../components/AddPlusButton.tsx';
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
  return (
    <AddPlusButton
      label={t(`add.${type}`)}
      to={to}
      disabled={isPending || !decision.allowed}
      variant={variant}
    />
  );
}
