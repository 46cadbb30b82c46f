import { Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { HouseholdInvitation, HouseholdMember, Pet } from '@pet/shared';
import { IconFirstAidKit, IconMailOff, IconUserMinus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDestructive } from '../../../components/confirmDestructive.tsx';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { formatDate, formatDateTime } from '../../../lib/dates.ts';
import { errorTextKey } from '../../../lib/errors.ts';
import { householdQuery } from '../api/householdApi.ts';
import {
  useNameEmergencyContact,
  useRemoveMember,
  useRevokeInvitation,
} from '../api/useHouseholdMutations.ts';
import { useRoleLabel } from './householdTexts.ts';
import { useFailureNotice } from './useFailureNotice.ts';

/** The members and open invitations; the owner's rows carry their actions. */
export function HouseholdLists({ pet }: { pet: Pick<Pet, 'id' | 'name' | 'role' | 'member_id'> }) {
  const { t } = useTranslation(['household', 'errors', 'common']);
  const household = useQuery(householdQuery(pet.id));

  if (household.isPending) return <Skeleton height={64} aria-label={t('card.loading')} />;
  if (household.isError) {
    return (
      <Stack gap="sm" align="flex-start">
        <FormAlert>
          <Stack gap={2}>
            <span>{t('card.loadFailed')}</span>
            <span>{t(`errors:${errorTextKey(household.error)}`)}</span>
          </Stack>
        </FormAlert>
        <Button variant="light" onClick={() => void household.refetch()}>
          {t('common:actions.retry')}
        </Button>
      </Stack>
    );
  }
  const { members, invitations } = household.data;
  const manage = pet.role === 'owner';
  return (
    <Stack gap="lg">
      <ListSection id="household-members-title" title={t('card.membersTitle')} empty={t('card.noMembers')}>
        {members.map((member) => (
          <MemberRow
            key={member.id}
            member={member}
            pet={pet}
            isYou={member.id === pet.member_id}
            manage={manage}
          />
        ))}
      </ListSection>
      <ListSection
        id="household-invitations-title"
        title={t('card.invitationsTitle')}
        empty={t('card.noInvitations')}
      >
        {invitations.map((invitation) => (
          <InvitationRow key={invitation.id} invitation={invitation} manage={manage} />
        ))}
      </ListSection>
    </Stack>
  );
}

/** A titled list of the household (members, invitations), or the text that says it is empty. */
function ListSection({
  id,
  title,
  empty,
  children,
}: {
  id: string;
  title: string;
  empty: string;
  children: ReactNode[];
}) {
  return (
    <div>
      <Title order={3} fz="md" mb="xs" id={id}>
        {title}
      </Title>
      {children.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby={id}>
          {children}
        </Stack>
      )}
    </div>
  );
}

function MemberRow({
  member,
  pet,
  isYou,
  manage,
}: {
  member: HouseholdMember;
  pet: Pick<Pet, 'id' | 'name'>;
  isYou: boolean;
  manage: boolean;
}) {
  const petName = pet.name;
  const { t } = useTranslation(['household', 'common']);
  const roleLabel = useRoleLabel();
  const remove = useRemoveMember();
  const failed = useFailureNotice();
  const confirmRemove = () =>
    confirmDestructive({
      title: t('member.removeConfirmTitle', { name: member.name }),
      text: t('member.removeConfirmText', { name: member.name, pet: petName }),
      confirm: t('member.remove'),
      cancel: t('common:actions.cancel'),
      // Awaited, not mutate's callbacks: the row is gone once the household is read again, and a callback of
      // an unmounted component's mutation would never run.
      onConfirm: () =>
        void remove
          .mutateAsync(member.id)
          .then(
            () => notifications.show({ color: 'teal', message: t('member.removed', { name: member.name }) }),
            failed,
          ),
    });

  return (
    <HouseholdRow
      testId="household-member"
      action={
        manage
          ? {
              icon: <IconUserMinus size={16} stroke={1.7} />,
              label: t('member.remove'),
              ariaLabel: t('member.removeLabel', { name: member.name }),
              onClick: confirmRemove,
              loading: remove.isPending,
            }
          : undefined
      }
    >
      <Group gap="xs">
        <Text fw={600} size="sm">
          {member.name}
        </Text>
        {isYou ? (
          <Badge variant="outline" size="sm">
            {t('member.you')}
          </Badge>
        ) : null}
        <Badge variant="light">{roleLabel(member.role)}</Badge>
        {member.emergency_contact ? (
          <Badge variant="light" color="red" leftSection={<IconFirstAidKit size={12} stroke={1.8} />}>
            {t('emergencyContact.badge')}
          </Badge>
        ) : null}
      </Group>
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {member.email}
      </Text>
      <Text size="xs" c="dimmed">
        {t('member.since', { date: formatDate(member.since) })}
        {member.until ? ` · ${t('member.until', { date: member.until })}` : ''}
      </Text>
      {member.role === 'co-owner' && manage ? <NameEmergencyContact member={member} pet={pet} /> : null}
      {isYou && member.emergency_contact ? <WithdrawEmergencyContact pet={pet} /> : null}
    </HouseholdRow>
  );
}

/** The owner's control on a co-owner's line: name them the pet's second emergency contact, or no longer. */
function NameEmergencyContact({ member, pet }: { member: HouseholdMember; pet: Pick<Pet, 'id' | 'name'> }) {
  const { t } = useTranslation('household');
  const naming = useNameEmergencyContact(pet.id);
  const failed = useFailureNotice();
  const values = { name: member.name, pet: pet.name };
  const named = member.emergency_contact;
  const toggle = () =>
    void naming.mutateAsync(named ? null : member.id).then(
      () =>
        notifications.show({
          color: 'teal',
          message: t(named ? 'emergencyContact.unnamed' : 'emergencyContact.named', values),
        }),
      failed,
    );
  return (
    <Group mt={4}>
      <Button
        variant={named ? 'subtle' : 'light'}
        size="compact-sm"
        leftSection={<IconFirstAidKit size={16} stroke={1.7} />}
        aria-label={t(named ? 'emergencyContact.unnameLabel' : 'emergencyContact.nameLabel', values)}
        onClick={toggle}
        loading={naming.isPending}
        // On a phone the row beside "Remove" is narrow: the label wraps rather than being cut.
        h="auto"
        py={4}
        styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
      >
        {t(named ? 'emergencyContact.unname' : 'emergencyContact.name')}
      </Button>
    </Group>
  );
}

/**
 * The co-owner named sees that the file prints their phone number, and a way out that needs no owner: a
 * confirmation, then the naming ends.
 */
function WithdrawEmergencyContact({ pet }: { pet: Pick<Pet, 'id' | 'name'> }) {
  const { t } = useTranslation(['household', 'common']);
  const naming = useNameEmergencyContact(pet.id);
  const failed = useFailureNotice();
  const confirmWithdraw = () =>
    confirmDestructive({
      title: t('emergencyContact.withdrawConfirmTitle'),
      text: t('emergencyContact.withdrawConfirmText', { pet: pet.name }),
      confirm: t('emergencyContact.withdraw'),
      cancel: t('common:actions.cancel'),
      onConfirm: () =>
        void naming.mutateAsync(null).then(
          () =>
            notifications.show({
              color: 'teal',
              message: t('emergencyContact.withdrawn', { pet: pet.name }),
            }),
          failed,
        ),
    });
  return (
    <Stack gap={4} mt={4} align="flex-start">
      <Text size="sm">{t('emergencyContact.youAre', { pet: pet.name })}</Text>
      <Button
        variant="subtle"
        color="red"
        size="compact-sm"
        aria-label={t('emergencyContact.withdrawLabel', { pet: pet.name })}
        onClick={confirmWithdraw}
        loading={naming.isPending}
      >
        {t('emergencyContact.withdraw')}
      </Button>
    </Stack>
  );
}

function InvitationRow({ invitation, manage }: { invitation: HouseholdInvitation; manage: boolean }) {
  const { t } = useTranslation(['household', 'common']);
  const roleLabel = useRoleLabel();
  const revoke = useRevokeInvitation();
  const failed = useFailureNotice();
  const confirmRevoke = () =>
    confirmDestructive({
      title: t('invitation.revokeConfirmTitle'),
      text: t('invitation.revokeConfirmText', { email: invitation.email }),
      confirm: t('invitation.revoke'),
      cancel: t('common:actions.cancel'),
      onConfirm: () =>
        void revoke
          .mutateAsync(invitation.id)
          .then(() => notifications.show({ color: 'teal', message: t('invitation.revoked') }), failed),
    });

  return (
    <HouseholdRow
      testId="household-invitation"
      action={
        manage
          ? {
              icon: <IconMailOff size={16} stroke={1.7} />,
              label: t('invitation.revoke'),
              ariaLabel: t('invitation.revokeLabel', { email: invitation.email }),
              onClick: confirmRevoke,
              loading: revoke.isPending,
            }
          : undefined
      }
    >
      <Group gap="xs">
        <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {invitation.email}
        </Text>
        <Badge variant="light">{roleLabel(invitation.role)}</Badge>
      </Group>
      <Text size="xs" c="dimmed">
        {t('invitation.sent', { date: formatDate(invitation.created_at) })}
        {` · ${t('invitation.expires', { date: formatDateTime(invitation.expires_at) })}`}
        {invitation.until ? ` · ${t('member.until', { date: invitation.until })}` : ''}
      </Text>
    </HouseholdRow>
  );
}

interface RowAction {
  icon: ReactNode;
  label: string;
  ariaLabel: string;
  onClick: () => void;
  loading: boolean;
}

/** A member's or an invitation's line: its details, and the owner's action beside them. */
function HouseholdRow({
  testId,
  action,
  children,
}: {
  testId: string;
  action?: RowAction;
  children: ReactNode;
}) {
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid={testId}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          {children}
        </Stack>
        {action ? (
          <Button
            variant="subtle"
            color="red"
            size="compact-sm"
            // Never squeezed by a long address at 390 px: the text beside it wraps instead.
            style={{ flexShrink: 0 }}
            leftSection={action.icon}
            aria-label={action.ariaLabel}
            onClick={action.onClick}
            loading={action.loading}
          >
            {action.label}
          </Button>
        ) : null}
      </Group>
    </Paper>
  );
}
