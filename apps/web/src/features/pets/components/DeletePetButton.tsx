import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { paths } from '@pet/shared/paths';
import { IconAlertTriangle, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { useBrandTextContext } from '../../../config/brand.tsx';
import { useEverTrue } from '../../../lib/drawWhen.ts';
import { errorTextKey } from '../../../lib/errors.ts';
import { useDeletePet } from '../api/usePetMutations.ts';

/**
 * Delete the pet after a confirmation that names it and says what goes with it (appointments, reminders,
 * files). Then the list, myinfo and the plan limit follow, and the owner lands on the pets list.
 */
export function DeletePetButton({ pet }: { pet: { id: string; name: string } }) {
  const { t } = useTranslation(['pets', 'common', 'errors']);
  const textContext = useBrandTextContext();
  const navigate = useNavigate();
  const [opened, dialog] = useDisclosure(false);
  // Drawn when first opened, then kept for its closing transition: a closed Modal mounts its portal in a
  // layout effect, a second render inside the pet page's first (AppLayout's ModalsAfterFirstPaint).
  const drawn = useEverTrue(opened);
  const remove = useDeletePet(pet.id, {
    leavePet: () => {
      dialog.close();
      navigate(paths.myPets, { replace: true });
      notifications.show({ color: 'teal', message: t('delete.deleted', { name: pet.name }) });
    },
  });

  const close = () => {
    if (remove.isPending) return;
    remove.reset();
    dialog.close();
  };

  return (
    <>
      <Button
        variant="light"
        color="red"
        leftSection={<IconTrash size={18} stroke={1.6} />}
        onClick={dialog.open}
      >
        {t('details.delete', textContext)}
      </Button>
      {drawn ? (
        <Modal
          opened={opened}
          onClose={close}
          title={t('delete.title', { name: pet.name })}
          centered
          closeButtonProps={{ 'aria-label': t('common:actions.close') }}
        >
          <Stack gap="md">
            <Text>{t('delete.text', { name: pet.name })}</Text>
            <Group gap="sm" wrap="nowrap" align="flex-start" c="red.8">
              <IconAlertTriangle size={20} stroke={1.8} style={{ flex: 'none', marginTop: 2 }} aria-hidden />
              <Text size="sm" fw={500}>
                {t('delete.warning', { name: pet.name })}
              </Text>
            </Group>
            {remove.isError ? <FormAlert>{t(`errors:${errorTextKey(remove.error)}`)}</FormAlert> : null}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={remove.isPending}>
                {t('common:actions.cancel')}
              </Button>
              <Button color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
                {t('delete.confirm')}
              </Button>
            </Group>
          </Stack>
        </Modal>
      ) : null}
    </>
  );
}
