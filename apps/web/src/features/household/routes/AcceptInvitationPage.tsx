import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { HouseholdAccepted, Pet } from '@pet/shared';
import { paths, petPath } from '@pet/shared/paths';
import { IconHomeHeart } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { PageLoader } from '../../../components/Loaders.tsx';
import { useBrandTextContext } from '../../../config/brand.tsx';
import { signinUrl } from '../../../config/continueUrl.ts';
import { errorTextKey } from '../../../lib/errors.ts';
import { petQuery } from '../../../lib/pets/petQueries.ts';
import { isVerifiedUser, useMyInfo } from '../../../lib/session/myInfo.ts';
import { useAcceptInvitation } from '../api/useHouseholdMutations.ts';

/**
 * /household/accept?token=: the page an invitation's mail links to, open signed in and signed out. Signed
 * in: "Join" accepts it and opens the pet's page with a notice. Signed out: sign in (and come back here), or
 * create an account first. A used, expired, taken back or unknown link says so.
 */
export function AcceptInvitationPage() {
  const { t } = useTranslation(['household', 'errors']);
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const me = useMyInfo();

  if (me.isPending) return <PageLoader />;
  const signedIn = isVerifiedUser(me.data);

  return (
    <Paper withBorder p="xl" radius="lg" maw={560} mx="auto">
      <title>{t('accept.title')}</title>
      <meta name="robots" content="noindex, nofollow" />
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" size={44} radius="xl">
          <IconHomeHeart size={22} stroke={1.6} />
        </ThemeIcon>
        <Stack gap="md" style={{ flex: 1 }}>
          <Title order={1} fz="xl">
            {t('accept.title')}
          </Title>
          {token ? (
            <>
              <Text size="sm">{t('accept.text')}</Text>
              {signedIn ? <JoinHousehold token={token} /> : <SignInFirst />}
            </>
          ) : (
            <FormAlert>{t('errors:Household_Invitation_Invalid_Text')}</FormAlert>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}

function JoinHousehold({ token }: { token: string }) {
  const { t } = useTranslation(['household', 'errors']);
  const textContext = useBrandTextContext();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const [opening, setOpening] = useState(false);

  /** The pet's page, with its name in the address and a notice naming it (the pet is read once for both). */
  const openPet = async (joined: HouseholdAccepted) => {
    setOpening(true);
    let pet: Pet | null = null;
    try {
      pet = await queryClient.fetchQuery(petQuery(joined.pet_id));
    } catch {
      // The pet's page reads it again and shows what went wrong; its address gets the right name there.
    }
    const name = pet?.name ?? '';
    notifications.show({
      color: 'teal',
      message: !pet
        ? t('accept.joined')
        : joined.role === 'sitter'
          ? t('accept.joinedSitter', { name, ...textContext })
          : t('accept.joinedCoOwner', { name }),
    });
    // A sitter cannot edit the profile: the pet's page; a co-owner the profile, as the owner's "My pet".
    const target = { id: joined.pet_id, name: name || joined.pet_id };
    navigate(joined.role === 'sitter' ? petPath(target) : petPath(target, 'my-pet'), { replace: true });
  };

  const busy = accept.isPending || opening;
  return (
    <Stack gap="sm" align="flex-start">
      {accept.isError ? (
        <FormAlert>
          <Stack gap={2}>
            <span>{t('accept.failed')}</span>
            <span>{t(`errors:${errorTextKey(accept.error)}`)}</span>
          </Stack>
        </FormAlert>
      ) : null}
      <Group gap="sm">
        <Button
          onClick={() => accept.mutate(token, { onSuccess: (joined) => void openPet(joined) })}
          loading={busy}
          disabled={busy}
        >
          {t('accept.join')}
        </Button>
        {accept.isError ? (
          <Button component={Link} to={paths.myPets} variant="default">
            {t('accept.toMyPets')}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}

/** Signed out: sign in and come back here, or make an account first. */
function SignInFirst() {
  const { t } = useTranslation('household');
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const token = new URLSearchParams(location.search).get('token') ?? '';
  return (
    <Stack gap="sm">
      <Text size="sm">{t('accept.signedOutText')}</Text>
      <Group gap="sm">
        <Button component={Link} to={signinUrl(here)}>
          {t('accept.signIn')}
        </Button>
        <Button
          component={Link}
          to={`${paths.register}?invitation=${encodeURIComponent(token)}`}
          variant="default"
        >
          {t('accept.register')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t('accept.registerText')}
      </Text>
    </Stack>
  );
}
