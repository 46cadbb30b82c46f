import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAddressBook } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useBrandTextContext } from '../../../config/brand.tsx';

/**
 * No contacts yet: what the page is for (dog wording on hunde-schutz); the types below are where to add (a
 * sitter, who cannot add, is told the owner has none yet).
 */
export function ContactsEmptyState({ readOnly = false }: { readOnly?: boolean }) {
  const { t } = useTranslation('contacts');
  const textContext = useBrandTextContext();
  return (
    <Paper withBorder p={{ base: 'lg', sm: 'xl' }}>
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon variant="light" size={64} radius="xl">
          <IconAddressBook size={34} stroke={1.5} />
        </ThemeIcon>
        <Title order={2} fz="lg">
          {t('empty.title')}
        </Title>
        <Text c="dimmed" maw={480}>
          {readOnly ? t('empty.textReadOnly', textContext) : t('empty.text', textContext)}
        </Text>
      </Stack>
    </Paper>
  );
}
