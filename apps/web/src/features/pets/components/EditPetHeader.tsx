import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Pet } from '@pet/shared';
import { useTranslation } from 'react-i18next';
import { PetPictureEditor } from './PetPictureEditor.tsx';
import { usePetTexts } from './usePetTexts.ts';

/** The edit form's head: the picture picker and the pet's (saved) name. */
export function EditPetHeader({ pet }: { pet: Pet }) {
  const { t } = useTranslation('pets');
  const texts = usePetTexts();
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Group gap="lg" wrap="nowrap" align="center">
        <PetPictureEditor pet={pet} size={88} />
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed">
            {t('myPet.title')}
          </Text>
          <Title order={1} fz={{ base: 24, sm: 28 }} style={{ overflowWrap: 'anywhere' }}>
            {pet.name}
          </Title>
          <Text size="sm" c="dimmed">
            {[texts.species(pet.pet_type), pet.race].filter(Boolean).join(' · ')}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}
