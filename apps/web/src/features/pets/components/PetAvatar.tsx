import { Avatar, type AvatarProps } from '@mantine/core';
import type { PetType } from '@pet/shared';
import { IconCat, IconDog, IconPaw } from '@tabler/icons-react';
import { useBrand } from '../../../config/brand.tsx';

const SPECIES_ICON = { Dog: IconDog, Cat: IconCat, Other: IconPaw } as const;

/** The species' icon where a pet has no picture yet. */
export function SpeciesIcon({ type, size }: { type: PetType | null | undefined; size: number }) {
  const Icon = SPECIES_ICON[type ?? 'Other'] ?? IconPaw;
  return <Icon size={size} stroke={1.5} aria-hidden />;
}

interface PetAvatarProps extends Omit<AvatarProps, 'src' | 'children'> {
  pet: { name: string; pet_type: PetType; image_url: string | null };
  size?: number;
}

/** A pet's round picture, or its species' icon without one. */
export function PetAvatar({ pet, size = 72, ...props }: PetAvatarProps) {
  const brand = useBrand();
  return (
    <Avatar
      src={pet.image_url ?? undefined}
      alt={pet.name}
      size={size}
      radius={999}
      variant="light"
      color={brand.color}
      {...props}
    >
      <SpeciesIcon type={pet.pet_type} size={Math.round(size * 0.5)} />
    </Avatar>
  );
}
