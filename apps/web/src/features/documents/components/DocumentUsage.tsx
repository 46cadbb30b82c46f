import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DocumentPermission } from './useDocumentPermission.ts';

/** "3 of 5 documents stored": the owner's count against the plan's limit; 100 or more reads as unlimited. */
export function DocumentUsage({ permission }: { permission: DocumentPermission | null }) {
  const { t } = useTranslation('documents');
  if (!permission) return null;
  const { total, limit, unlimited } = permission;
  return (
    <Text size="sm" c="dimmed" data-testid="document-usage">
      {unlimited ? t('hub.usageUnlimited', { count: total }) : t('hub.usage', { count: total, limit })}
    </Text>
  );
}
