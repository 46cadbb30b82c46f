import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useBrandTextContext } from '../../../config/brand.tsx';
import { AddAppointmentButton } from './AddAppointmentButton.tsx';

/** No appointments yet: an add prompt (dog wording on hunde-schutz). */
export function AppointmentsEmptyState({ addTo }: { addTo: string }) {
  const { t } = useTranslation('appointments');
  const textContext = useBrandTextContext();
  return (
    <Paper withBorder p={{ base: 'lg', sm: 'xl' }}>
      <Stack align="center" gap="sm" ta="center" py="md">
        <ThemeIcon variant="light" size={64} radius="xl">
          <IconCalendarEvent size={34} stroke={1.5} />
        </ThemeIcon>
        <Title order={2} fz="lg">
          {t('empty.title')}
        </Title>
        <Text c="dimmed" maw={460}>
          {t('empty.text', textContext)}
        </Text>
        <AddAppointmentButton to={addTo} />
      </Stack>
    </Paper>
  );
}
