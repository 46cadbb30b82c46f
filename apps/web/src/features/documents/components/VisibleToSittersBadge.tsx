import { Badge } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The list's marker on a document the pet's sitters see (for the owner and co-owners; issue 45). */
export function VisibleToSittersBadge() {
  const { t } = useTranslation('documents');
  return (
    <Badge
      variant="light"
      color="teal"
      leftSection={<IconEye size={12} stroke={1.8} aria-hidden />}
      data-testid="document-visible-to-sitters"
    >
      {t('view.visibleToSitters')}
    </Badge>
  );
}
