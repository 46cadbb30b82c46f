import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFolderOpen } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AddPlusButton } from '../../../components/AddPlusButton.tsx';

interface DocumentEmptyStateProps {
  addLabel: string;
  addTo: string;
  /** At the limit the button is disabled and the limit message above says why: no prompt to press it. */
  mayAdd: boolean;
  deciding: boolean;
}

/** A list without documents: an empty-data prompt with a plus button (spec 2 "List page behaviour"). */
export function DocumentEmptyState({ addLabel, addTo, mayAdd, deciding }: DocumentEmptyStateProps) {
  const { t } = useTranslation('documents');
  return (
    <Paper withBorder p={{ base: 'lg', sm: 'xl' }}>
      <Stack align="center" gap="sm" ta="center" py="md">
        <ThemeIcon variant="light" size={64} radius="xl">
          <IconFolderOpen size={34} stroke={1.5} />
        </ThemeIcon>
        <Title order={2} fz="lg">
          {t('empty.title')}
        </Title>
        {mayAdd ? (
          <Text c="dimmed" maw={460}>
            {t('empty.text')}
          </Text>
        ) : null}
        <AddPlusButton label={addLabel} to={addTo} disabled={!mayAdd || deciding} variant="labelled" />
      </Stack>
    </Paper>
  );
}
