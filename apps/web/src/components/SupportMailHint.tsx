import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../config/brand.tsx';

/** "Please contact customer service" with the brand's support address, under a code the server refused. */
export function SupportMailHint() {
  const { t } = useTranslation('errors');
  const { supportEmail } = useBrand().links;
  return (
    <Text size="sm" data-testid="support-hint">
      {t('Customer_Service_Text')}{' '}
      <Anchor href={`mailto:${supportEmail}`} underline="always">
        {supportEmail}
      </Anchor>
    </Text>
  );
}
