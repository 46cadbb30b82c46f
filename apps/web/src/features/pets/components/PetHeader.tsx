import { Button, Flex, Paper, Stack, Text, Title } from '@mantine/core';
import type { Pet } from '@pet/shared';
import { petPath } from '@pet/shared/paths';
import { IconCake, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PetRoleBadge } from '../../../components/PetRoleBadge.tsx';
import { canWrite, isOwner } from '../../../lib/pets/petRole.ts';
import { DeletePetButton } from './DeletePetButton.tsx';
import { PetAvatar } from './PetAvatar.tsx';
import { PetPictureEditor } from './PetPictureEditor.tsx';
import { usePetTexts } from './usePetTexts.ts';

/**
 * The pet page's head: the picture (click to change), name, species and breed, age, edit and delete. A
 * sitter sees the picture and no buttons; a co-owner no delete (issue 45).
 */
export function PetHeader({ pet }: { pet: Pet }) {
  const { t } = useTranslation('pets');
  const texts = usePetTexts();
  const age = texts.age(pet.date_of_birth);
  const kind = [texts.species(pet.pet_type), pet.race].filter(Boolean).join(' · ');
  const writable = canWrite(pet.role);
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
      <Flex
        direction={{ base: 'column', sm: 'row' }}
        align={{ base: 'center', sm: 'flex-start' }}
        gap={{ base: 'md', sm: 'xl' }}
      >
        {writable ? <PetPictureEditor pet={pet} size={112} /> : <PetAvatar pet={pet} size={112} />}
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }} align="stretch" ta={{ base: 'center', sm: 'left' }}>
          <Title order={1} fz={{ base: 26, sm: 30 }} style={{ overflowWrap: 'anywhere' }}>
            {pet.name}
          </Title>
          <Text c="dimmed">{kind}</Text>
          <Flex justify={{ base: 'center', sm: 'flex-start' }}>
            <PetRoleBadge role={pet.role} ownerName={pet.owner_name} />
          </Flex>
          {age ? (
            <Flex gap={6} c="dimmed" justify={{ base: 'center', sm: 'flex-start' }} align="center">
              <IconCake size={16} stroke={1.6} aria-hidden />
              <Text size="sm">{age}</Text>
            </Flex>
          ) : null}
          {writable ? (
            <Flex gap="sm" mt="sm" wrap="wrap" justify={{ base: 'center', sm: 'flex-start' }}>
              <Button
                component={Link}
                to={petPath(pet, 'my-pet')}
                leftSection={<IconPencil size={18} stroke={1.6} />}
              >
                {t('details.edit')}
              </Button>
              {isOwner(pet.role) ? <DeletePetButton pet={pet} /> : null}
            </Flex>
          ) : null}
        </Stack>
      </Flex>
    </Paper>
  );
}
