import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorTextKey } from '../lib/errors.ts';

/** A failed read: what went wrong and a retry button. */
export function LoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation(['common', 'errors']);
  return (
    <Alert
      color="red"
      variant="light"
      radius="lg"
      icon={<IconAlertCircle size={20} />}
      title={title}
      role="alert"
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t(`errors:${errorTextKey(error)}`)}</Text>
        <Button
          size="xs"
          variant="white"
          color="red"
          leftSection={<IconRefresh size={14} />}
          onClick={onRetry}
        >
          {t('actions.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}
