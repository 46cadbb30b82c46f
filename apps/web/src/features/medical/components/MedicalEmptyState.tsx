import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { MedicalType } from '@pet/shared';
import { IconStethoscope } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AddMedicalButton } from './AddMedicalButton.tsx';
import { useMedicalPermission } from './useMedicalPermission.ts';

/**
 * A category without records: an empty-data prompt with a plus button (spec 2 "List page behaviour"). On a
 * plan without medical data the button is disabled and the limit message above says why, so no prompt to
 * press it.
 */
export function MedicalEmptyState({ type, addTo }: { type: MedicalType; addTo: string }) {
  const { t } = useTranslation('medical');
  const { decision } = useMedicalPermission();
  return (
    <Paper withBorder p={{ base: 'lg', sm: 'xl' }}>
      <Stack align="center" gap="sm" ta="center" py="md">
        <ThemeIcon variant="light" size={64} radius="xl">
          <IconStethoscope size={34} stroke={1.5} />
        </ThemeIcon>
        <Title order={2} fz="lg">
          {t('empty.title')}
        </Title>
        {decision.allowed ? (
          <Text c="dimmed" maw={460}>
            {t('empty.text')}
          </Text>
        ) : null}
        <AddMedicalButton type={type} to={addTo} variant="labelled" />
      </Stack>
    </Paper>
  );
}
