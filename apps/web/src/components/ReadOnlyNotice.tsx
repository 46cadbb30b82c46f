import { Alert, Button, Stack } from '@mantine/core';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * An add or edit page opened (by its address) with a role that cannot write: what it says instead of the
 * form, with the way back.
 */
export function ReadOnlyNotice({ backTo }: { backTo?: string }) {
  const { t } = useTranslation('pets');
  return (
    <Stack gap="md" align="flex-start" data-testid="read-only-notice">
      <Alert color="gray" variant="light" icon={<IconLock size={18} />} title={t('readOnly.title')}>
        {t('readOnly.text')}
      </Alert>
      {backTo ? (
        <Button component={Link} to={backTo} variant="default" leftSection={<IconArrowLeft size={16} />}>
          {t('readOnly.back')}
        </Button>
      ) : null}
    </Stack>
  );
}
