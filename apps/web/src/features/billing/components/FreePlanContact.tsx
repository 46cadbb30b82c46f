import { Alert, Anchor, Text } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';
import { useBrand } from '../../../config/brand.tsx';

/** Free (default plan) users cannot terminate: they are pointed to the brand's support instead. */
export function FreePlanContact() {
  const { t } = useTranslation('billing');
  const brand = useBrand();
  const email = brand.links.supportEmail;
  return (
    <Alert variant="light" radius="md" icon={<IconMail size={20} />} title={t('cancel.freeTitle')}>
      <Text size="sm">
        <Trans
          t={t}
          i18nKey="cancel.freeContact"
          values={{ email }}
          components={{ mail: <Anchor href={`mailto:${email}`} inherit fw={600} /> }}
        />
      </Text>
    </Alert>
  );
}
