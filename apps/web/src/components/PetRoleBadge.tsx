import { Badge, Group, Text } from '@mantine/core';
import type { PetRole } from '@pet/shared';
import { useTranslation } from 'react-i18next';

interface PetRoleBadgeProps {
  role: PetRole;
  /** The owner's name of a shared pet, shown as "from <name>". */
  ownerName?: string | null;
  /** The side bar's compact form: the badge only (the owner's name goes below the pet's). */
  withOwner?: boolean;
}

/** On a pet shared with the user: the role as a small badge ("Co-owner", "Sitter") and whose pet it is. */
export function PetRoleBadge({ role, ownerName, withOwner = true }: PetRoleBadgeProps) {
  const { t } = useTranslation('pets');
  if (role !== 'co-owner' && role !== 'sitter') return null;
  const badge = (
    <Badge size="xs" variant="light" color={role === 'sitter' ? 'gray' : undefined} data-testid="pet-role">
      {t(`role.${role}`)}
    </Badge>
  );
  if (!withOwner || !ownerName) return badge;
  return (
    <Group gap={6} wrap="nowrap" component="span">
      {badge}
      <Text component="span" size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {t('role.from', { name: ownerName })}
      </Text>
    </Group>
  );
}
