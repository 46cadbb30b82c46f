import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { paths } from '@pet/shared/paths';
import { IconArrowLeft, IconPawOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBrandTextContext } from '../config/brand.tsx';

/** A pet id that is not one of the user's pets (someone else's, deleted, mistyped): shown inside the layout. */
export function PetNotFound() {
  const { t } = useTranslation('pets');
  const textContext = useBrandTextContext();
  return (
    <Paper withBorder p={{ base: 'lg', sm: 'xl' }} maw={560} mx="auto" mt="lg">
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={72} radius={999} variant="light">
          <IconPawOff size={38} stroke={1.5} />
        </ThemeIcon>
        <Title order={1} fz={24}>
          {t('notFound.title', textContext)}
        </Title>
        <Text c="dimmed">{t('notFound.text', textContext)}</Text>
        <Button component={Link} to={paths.myPets} leftSection={<IconArrowLeft size={18} />}>
          {t('notFound.back', textContext)}
        </Button>
      </Stack>
    </Paper>
  );
}
