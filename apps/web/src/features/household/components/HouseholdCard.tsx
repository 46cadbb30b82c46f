import { Button, Divider, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Pet } from '@pet/shared';
import { paths } from '@pet/shared/paths';
import { IconHome, IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { confirmDestructive } from '../../../components/confirmDestructive.tsx';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { useBrandTextContext } from '../../../config/brand.tsx';
import { useLeaveHousehold } from '../api/useHouseholdMutations.ts';
import { HouseholdLists } from './HouseholdLists.tsx';
import { InviteForm } from './InviteForm.tsx';
import { useFailureNotice } from './useFailureNotice.ts';

export type HouseholdPet = Pick<Pet, 'id' | 'name' | 'role' | 'owner_name' | 'member_id'>;

/**
 * "Household" on the pet's page, by the user's role (issue 45). The owner: the members with "Remove", the
 * open invitations with "Take back", and the invite form. A co-owner: who shared the pet, the members and
 * invitations read-only, and "Leave". A sitter, who cannot read the household: who shared the pet, and
 * "Leave" (with the membership id the pet's answer carries).
 */
export function HouseholdCard({ pet }: { pet: HouseholdPet }) {
  const { t } = useTranslation('household');
  const owner = pet.role === 'owner';
  return (
    <SectionCard
      id="household-title"
      icon={IconHome}
      title={t('card.title')}
      description={owner ? t('card.description', { name: pet.name }) : <SharedWithYou pet={pet} />}
      p={{ base: 'md', sm: 'xl' }}
    >
      <Stack gap="lg">
        {pet.role === 'sitter' ? null : <HouseholdLists pet={pet} />}
        {owner ? (
          <>
            <Divider />
            <InviteForm pet={pet} />
          </>
        ) : (
          <LeaveHousehold pet={pet} />
        )}
      </Stack>
    </SectionCard>
  );
}

function SharedWithYou({ pet }: { pet: HouseholdPet }) {
  const { t } = useTranslation('household');
  const textContext = useBrandTextContext();
  const owner = pet.owner_name ?? t('card.ownerFallback');
  return pet.role === 'sitter'
    ? t('card.sharedAsSitter', { owner, ...textContext })
    : t('card.sharedAsCoOwner', { owner });
}

/** A member's own "Leave": after a confirmation, the membership ends and the user goes to their pets. */
function LeaveHousehold({ pet }: { pet: HouseholdPet }) {
  const { t } = useTranslation(['household', 'common']);
  const navigate = useNavigate();
  const leave = useLeaveHousehold(pet.id);
  const failed = useFailureNotice();
  const memberId = pet.member_id;
  if (!memberId) return null;
  const confirmLeave = () =>
    confirmDestructive({
      title: t('leave.confirmTitle', { name: pet.name }),
      text: t('leave.confirmText', { name: pet.name }),
      confirm: t('leave.button'),
      cancel: t('common:actions.cancel'),
      onConfirm: () =>
        leave.mutate(memberId, {
          onSuccess: () => {
            notifications.show({ color: 'teal', message: t('leave.left', { name: pet.name }) });
            navigate(paths.myPets, { replace: true });
          },
          onError: failed,
        }),
    });
  return (
    <Group>
      <Button
        variant="light"
        color="red"
        leftSection={<IconLogout size={16} stroke={1.7} />}
        onClick={confirmLeave}
        loading={leave.isPending}
      >
        {t('leave.button')}
      </Button>
    </Group>
  );
}
