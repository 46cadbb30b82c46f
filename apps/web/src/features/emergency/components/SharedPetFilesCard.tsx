import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { MyInfo } from '@pet/shared';
import { IconDownload, IconUsers } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PetRoleBadge } from '../../../components/PetRoleBadge.tsx';
import { errorTextKey } from '../../../lib/errors.ts';
import { currentLanguage } from '../../../lib/i18n/index.ts';
import { isOwner } from '../../../lib/pets/petRole.ts';
import { downloadSharedEmergencyFile } from '../api/emergencyApi.ts';
import { SectionCard } from './SectionCard.tsx';

type SharedPet = MyInfo['pets'][number];

/**
 * The pets shared with the user (issue 45), each with the download of its emergency file in the UI's
 * language (GET /v1/emergency?pet_id=). Nothing when no pet is shared with the user.
 */
export function SharedPetFilesCard({ pets }: { pets: readonly SharedPet[] }) {
  const { t, i18n } = useTranslation(['emergency', 'errors']);
  const language = currentLanguage(i18n);
  const download = useMutation({
    mutationFn: (pet: SharedPet) => downloadSharedEmergencyFile(pet, language),
    onError: (error) =>
      notifications.show({
        color: 'red',
        title: t('shared.failed'),
        message: t(`errors:${errorTextKey(error)}`),
      }),
  });
  const shared = pets.filter((pet) => !isOwner(pet.role));
  if (shared.length === 0) return null;

  return (
    <SectionCard
      icon={<IconUsers size={20} stroke={1.6} />}
      title={t('shared.title')}
      description={t('shared.text')}
    >
      <Stack gap="xs">
        {shared.map((pet) => {
          const busy = download.isPending && download.variables?.id === pet.id;
          return (
            <Group key={pet.id} justify="space-between" wrap="nowrap" gap="sm" data-testid="shared-pet-file">
              <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                <Text fw={600} truncate>
                  {pet.name}
                </Text>
                <PetRoleBadge role={pet.role} ownerName={pet.owner_name} />
              </Stack>
              <Button
                variant="light"
                leftSection={<IconDownload size={16} stroke={1.7} />}
                onClick={() => download.mutate(pet)}
                loading={busy}
                disabled={download.isPending && !busy}
                aria-label={t('shared.downloadFor', { name: pet.name })}
                style={{ flexShrink: 0 }}
              >
                {t('shared.download')}
              </Button>
            </Group>
          );
        })}
      </Stack>
    </SectionCard>
  );
}
