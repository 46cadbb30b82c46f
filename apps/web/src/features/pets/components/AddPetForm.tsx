import { Button, Group, Paper, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { mayAddPet } from '@pet/shared/entitlements';
import type { ErrorTextKey } from '@pet/shared/errors';
import { paths } from '@pet/shared/paths';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { EditableAvatar } from '../../../components/image/EditableAvatar.tsx';
import { useObjectUrl } from '../../../components/image/useObjectUrl.ts';
import { PlanLimitNotice } from '../../../components/PlanLimitNotice.tsx';
import { useBrand, useBrandTextContext } from '../../../config/brand.tsx';
import { applyFieldErrors, errorTextKey } from '../../../lib/errors.ts';
import { useAppForm } from '../../../lib/forms.ts';
import { isLimitReachedError } from '../../../lib/plan/limitError.ts';
import { usePlan } from '../../../lib/plan/usePlan.ts';
import { type AddedPet, useAddPet } from '../api/usePetMutations.ts';
import { SpeciesIcon } from './PetAvatar.tsx';
import { DateOfBirthField, GenderField, PetNameField, PetTypeField, RaceField } from './PetFields.tsx';
import { addPetErrorKey } from './petErrors.ts';
import {
  ADD_PET_FIELDS,
  type AddPetOutput,
  type AddPetValues,
  addPetDefaults,
  addPetSchema,
  petFormResolver,
} from './petForms.ts';

/**
 * The add-pet form (spec 1 sections 2 and 4): species, name with a picture, date of birth, gender, breed.
 * Add = create the pet, then upload the cropped picture if one was picked, then go to the dashboard. A
 * picture that fails to upload does not undo the pet: the owner is told and can add it on the pet's page.
 */
export function AddPetForm() {
  const { t } = useTranslation(['pets', 'errors']);
  const brand = useBrand();
  const textContext = useBrandTextContext();
  const navigate = useNavigate();
  const { plan, counts, isPending: planPending } = usePlan();
  const schema = useMemo(() => addPetSchema(brand), [brand]);
  const form = useAppForm<AddPetValues, unknown, AddPetOutput>({
    resolver: petFormResolver(schema),
    defaultValues: addPetDefaults(brand),
  });
  const { isSubmitting } = form.formState;
  const petType = useWatch({ control: form.control, name: 'pet_type' });
  const name = useWatch({ control: form.control, name: 'name' });

  const [picture, setPicture] = useState<Blob | null>(null);
  const preview = useObjectUrl(picture);
  const [pictureRefusal, setPictureRefusal] = useState<ErrorTextKey | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const { add, pictureProgress: progress } = useAddPet();

  // Decided before sending, with the same rule the server applies (it refuses with 403 LIMIT_REACHED).
  const decision = planPending ? null : mayAddPet(brand, plan, counts.pets);
  const blocked = decision !== null && !decision.allowed;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    let added: AddedPet;
    try {
      added = await add.mutateAsync({
        body: {
          name: values.name,
          pet_type: values.pet_type,
          gender: values.gender,
          race: values.race,
          date_of_birth: values.date_of_birth,
        },
        picture,
      });
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, ADD_PET_FIELDS)) setFailure(error);
      return;
    }
    const { pet, pictureError } = added;
    if (pictureError) {
      notifications.show({
        color: 'red',
        title: t('errors:Pet_Image_Upload_Failed'),
        message: t(`errors:${errorTextKey(pictureError)}`),
        autoClose: 10_000,
      });
    }
    notifications.show({ color: 'teal', message: t('newPet.created', { name: pet.name }) });
    navigate(paths.dashboard);
  });

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} maw={720}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="lg">
          {blocked ? <PlanLimitNotice decision={decision} /> : null}
          <PetTypeField control={form.control} name="pet_type" />
          <Group align="flex-start" gap="lg" wrap="nowrap">
            <EditableAvatar
              src={preview}
              alt={t('picture.alt', { name: name.trim() || t('newPet.title', textContext) })}
              placeholder={<SpeciesIcon type={petType || null} size={34} />}
              color={brand.color}
              pickLabel={picture ? t('picture.change') : t('picture.add')}
              size={72}
              progress={progress}
              error={pictureRefusal ? t(`errors:${pictureRefusal}`) : null}
              disabled={isSubmitting}
              onCropped={(jpeg) => {
                setPictureRefusal(null);
                setPicture(jpeg);
              }}
              onRefused={setPictureRefusal}
            />
            <PetNameField control={form.control} name="name" style={{ flex: 1, minWidth: 0 }} />
          </Group>
          <DateOfBirthField control={form.control} name="date_of_birth" />
          <GenderField control={form.control} name="gender" />
          <RaceField control={form.control} name="race" />
          {failure ? (
            isLimitReachedError(failure) ? (
              <PlanLimitNotice error={failure} />
            ) : (
              <FormAlert>{t(`errors:${addPetErrorKey(failure)}`)}</FormAlert>
            )
          ) : null}
          <Group justify="flex-end">
            <Button
              type="submit"
              size="md"
              loading={isSubmitting}
              disabled={isSubmitting || blocked}
              leftSection={<IconPlus size={18} />}
            >
              {t('newPet.submit', textContext)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
