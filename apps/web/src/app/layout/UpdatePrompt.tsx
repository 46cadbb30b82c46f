import { Button, Group, Paper, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { updateWaiting } from '../../lib/offline/registerServiceWorker.ts';
import { useStore } from '../../lib/session/store.ts';

/**
 * The quiet offer of a new deploy (issue 48): the page keeps running the version it started with until the
 * user takes the new one; then every open tab reloads (registerServiceWorker.ts).
 */
export function UpdatePrompt() {
  const { t } = useTranslation('common');
  const takeUpdate = useStore(updateWaiting);
  const [taking, setTaking] = useState(false);
  if (!takeUpdate) return null;
  return (
    <Paper
      role="status"
      shadow="md"
      withBorder
      p="sm"
      pos="fixed"
      bottom={16}
      left={16}
      right={16}
      mx="auto"
      w="fit-content"
      // Centred by its margins between 16 px insets, so a phone gives it the whole width less those.
      style={{ zIndex: 400 }}
      data-testid="update-prompt"
    >
      <Group gap="sm" wrap="nowrap">
        <Text size="sm">{t('update.text')}</Text>
        <Button
          size="xs"
          loading={taking}
          onClick={() => {
            setTaking(true);
            takeUpdate();
          }}
        >
          {t('update.action')}
        </Button>
      </Group>
    </Paper>
  );
}
