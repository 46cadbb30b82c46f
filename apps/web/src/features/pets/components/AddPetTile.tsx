import { Card, Stack, Text, ThemeIcon } from '@mantine/core';
import { paths } from '@pet/shared/paths';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBrandTextContext } from '../../../config/brand.tsx';

/** The tile after the pets that opens the add-pet form. */
export function AddPetTile() {
  const { t } = useTranslation('pets');
  const textContext = useBrandTextContext();
  return (
    <Card
      component={Link}
      to={paths.newPet}
      padding="lg"
      h="100%"
      mih={112}
      withBorder
      style={{ borderStyle: 'dashed', borderWidth: 2, background: 'transparent' }}
    >
      <Stack gap={6} align="center" justify="center" h="100%">
        <ThemeIcon size={40} radius="xl" variant="light">
          <IconPlus size={22} stroke={2} />
        </ThemeIcon>
        <Text fw={700} c="var(--mantine-primary-color-filled)">
          {t('myPets.addTile', textContext)}
        </Text>
      </Stack>
    </Card>
  );
}
