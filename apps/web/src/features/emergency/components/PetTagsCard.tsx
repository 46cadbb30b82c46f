import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Pet } from '@pet/shared';
import { IconQrcode } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { useBrandTextContext } from '../../../config/brand.tsx';
import { errorTextKey } from '../../../lib/errors.ts';
import { currentLanguage } from '../../../lib/i18n/index.ts';
import { petsQuery } from '../../../lib/pets/petQueries.ts';
import { isOwner } from '../../../lib/pets/petRole.ts';
import { downloadEmergencyTag } from '../api/emergencyApi.ts';
import { SectionCard } from './SectionCard.tsx';

/**
 * A printable QR tag per pet (issue 12 point 7): the QR code carries the emergency password, so there is
 * none to print before the owner has a password. The tag speaks both languages; its page texts follow
 * the UI's.
 */
export function PetTagsCard({
  hasPassword,
  mayCreatePassword,
}: {
  hasPassword: boolean;
  /** Without a password: whether the owner can make one here (else the plan has no emergency file). */
  mayCreatePassword: boolean;
}) {
  const { t, i18n } = useTranslation(['emergency', 'errors']);
  const textContext = useBrandTextContext();
  const language = currentLanguage(i18n);
  // The tag is the owner's: pets shared with the user have none here (issue 45).
  const pets = useQuery({ ...petsQuery, select: (all) => all.filter((pet) => isOwner(pet.role)) });
  const download = useMutation({
    mutationFn: (pet: Pet) => downloadEmergencyTag(pet, language),
    onError: (error) =>
      notifications.show({
        color: 'red',
        title: t('tags.failed'),
        message: t(`errors:${errorTextKey(error)}`),
      }),
  });

  let body = null;
  if (!hasPassword) {
    body = <Text size="sm">{t(mayCreatePassword ? 'tags.needsPassword' : 'tags.notAllowed')}</Text>;
  } else if (pets.isPending) {
    body = <Skeleton height={36} width={200} />;
  } else if (pets.isError) {
    body = <FormAlert>{t(`errors:${errorTextKey(pets.error)}`)}</FormAlert>;
  } else if (pets.data.length === 0) {
    body = <Text size="sm">{t('tags.noPets', textContext)}</Text>;
  } else {
    body = (
      <Stack gap="xs">
        {pets.data.map((pet) => {
          const busy = download.isPending && download.variables?.id === pet.id;
          return (
            <Group key={pet.id} justify="space-between" wrap="nowrap" gap="sm">
              <Text fw={600} truncate style={{ flex: 1, minWidth: 0 }}>
                {pet.name}
              </Text>
              <Button
                variant="light"
                leftSection={<IconQrcode size={16} stroke={1.7} />}
                onClick={() => download.mutate(pet)}
                loading={busy}
                disabled={download.isPending && !busy}
                aria-label={t('tags.downloadFor', { name: pet.name })}
                style={{ flexShrink: 0 }}
              >
                {t('tags.download')}
              </Button>
            </Group>
          );
        })}
      </Stack>
    );
  }

  return (
    <SectionCard
      icon={<IconQrcode size={20} stroke={1.6} />}
      title={t('tags.title')}
      description={t('tags.text', textContext)}
    >
      {body}
    </SectionCard>
  );
}
