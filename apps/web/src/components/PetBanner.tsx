import { Avatar, Group, Paper, Skeleton, Stack, Text, Title, useMantineTheme } from '@mantine/core';
import { IconCat, IconDog, IconPaw } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { petQuery } from '../lib/pets/petQueries.ts';
import { PetRoleBadge } from './PetRoleBadge.tsx';

interface PetBannerProps {
  petId: string;
  /** What the page is about ("Appointments"), shown above the pet's name. */
  section?: ReactNode;
  /** Shown while the pet loads or when it cannot be read (the name from the route, hyphens as spaces). */
  fallbackName?: string;
  /** Buttons on the right (on phones: below). */
  actions?: ReactNode;
}

const PLACEHOLDER_ICON = { Dog: IconDog, Cat: IconCat, Other: IconPaw } as const;

/**
 * The head of a per-pet page: the pet's picture (or a placeholder by species) and name as the page's
 * heading (spec 1 section 2: "a banner with the pet name and image"). Reads the pet with the shared
 * petQuery, so pages about the same pet share one request.
 */
export function PetBanner({ petId, section, fallbackName, actions }: PetBannerProps) {
  const { t } = useTranslation();
  const theme = useMantineTheme();
  const pet = useQuery(petQuery(petId));
  const name = pet.data?.name ?? fallbackName ?? '';
  const Placeholder = PLACEHOLDER_ICON[pet.data?.pet_type ?? 'Other'] ?? IconPaw;

  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      mb="lg"
      data-testid="pet-banner"
      style={{
        background:
          'linear-gradient(120deg, var(--mantine-primary-color-light) 0%, var(--mantine-color-body) 70%)',
      }}
    >
      <Group justify="space-between" gap="md" wrap="wrap">
        <Group gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
          {pet.isPending ? (
            <Skeleton circle height={72} />
          ) : (
            <Avatar
              src={pet.data?.image_url ?? undefined}
              size={72}
              radius={999}
              color={theme.primaryColor}
              variant="light"
              alt={name ? t('petBanner.imageAlt', { name }) : undefined}
              style={{ border: '3px solid var(--mantine-color-body)', boxShadow: 'var(--mantine-shadow-xs)' }}
            >
              <Placeholder size={36} stroke={1.5} aria-hidden />
            </Avatar>
          )}
          <Stack gap={2} style={{ minWidth: 0 }}>
            {section ? (
              <Text size="sm" fw={600} c="dimmed" tt="uppercase" style={{ letterSpacing: '0.04em' }}>
                {section}
              </Text>
            ) : null}
            {pet.isPending && !name ? (
              <Skeleton height={28} width={160} />
            ) : (
              <Title order={1} fz={{ base: 24, sm: 28 }} style={{ overflowWrap: 'anywhere' }}>
                {name}
              </Title>
            )}
            {pet.data ? <PetRoleBadge role={pet.data.role} ownerName={pet.data.owner_name} /> : null}
          </Stack>
        </Group>
        {actions ? <Group gap="sm">{actions}</Group> : null}
      </Group>
    </Paper>
  );
}
