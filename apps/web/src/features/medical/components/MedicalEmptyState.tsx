import type { MedicalType } from '@pet/shared';
import { IconStethoscope } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { AddMedicalButton } from './AddMedicalButton.tsx';
import { useMedicalPermission } from './useMedicalPermission.ts';

/**
 * A category without records: an empty-data prompt with a plus button (spec 2 "List page behaviour"). On a
 * plan without medical data the button is disabled and the limit message above says why, so no prompt to
 * press it.
 */
export function MedicalEmptyState({
  type,
  addTo,
  readOnly = false,
}: {
  type: MedicalType;
  addTo: string;
  /** A sitter's: no add prompt, no button (issue 45). */
  readOnly?: boolean;
}) {
  const { t } = useTranslation('medical');
  const { decision } = useMedicalPermission();
  return (
    <EmptyState
      icon={IconStethoscope}
      title={t('empty.title')}
      text={decision.allowed && !readOnly ? t('empty.text') : undefined}
      action={readOnly ? null : <AddMedicalButton type={type} to={addTo} variant="labelled" />}
    />
  );
}
