import { Card, Group, Stack, Text } from '@mantine/core';
import type { Pet } from '@pet/shared';
import { petPath } from '@pet/shared/paths';
import { IconCake, IconChevronRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PetRoleBadge } from '../../../components/PetRoleBadge.tsx';
import { PetAvatar } from './PetAvatar.tsx';
import { usePetTexts } from './usePetTexts.ts';

/** One pet in the list: picture, name, species and breed, the role on a shared one, age; opens the pet's page. */
export function PetCard({ pet }: { pet: Pet }) {
  const texts = usePetTexts();
  const age = texts.age(pet.date_of_birth);
  const kind = [texts.species(pet.pet_type), pet.race].filter(Boolean).join(' · ');
  return (
    <Card component={Link} to={petPath(pet)} withBorder padding="lg" h="100%" data-testid="pet-card">
      <Group wrap="nowrap" gap="md" h="100%">
        <PetAvatar pet={pet} size={72} />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={700} fz="lg" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            {pet.name}
          </Text>
          <Text size="sm" c="dimmed" lineClamp={2}>
            {kind}
          </Text>
          <PetRoleBadge role={pet.role} ownerName={pet.owner_name} />
          {age ? (
            <Group gap={6} wrap="nowrap" c="dimmed" align="flex-start">
              <IconCake size={15} stroke={1.6} aria-hidden style={{ flex: 'none', marginTop: 3 }} />
              <Text size="sm">{age}</Text>
            </Group>
          ) : null}
        </Stack>
        <IconChevronRight size={18} color="var(--mantine-color-gray-5)" aria-hidden />
      </Group>
    </Card>
  );
}
