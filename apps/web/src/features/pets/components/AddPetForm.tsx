import { Button, Group, Paper, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Pet } from '@pet/shared';
import { mayAddPet } from '@pet/shared/entitlements';
import type { ErrorTextKey } from '@pet/shared/errors';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DisplayDateInput, todayIso } from '../../../components/DisplayDateInput.tsx';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { EditableAvatar } from '../../../components/image/EditableAvatar.tsx';
import { useImageUpload } from '../../../components/image/useImageUpload.ts';
import { useObjectUrl } from '../../../components/image/useObjectUrl.ts';
import { PlanLimitNotice } from '../../../components/PlanLimitNotice.tsx';
import { useBrand, useBrandTextContext } from '../../../config/brand.tsx';
import { paths } from '../../../config/paths.ts';
import { applyFieldErrors, errorTextKey, useErrorText } from '../../../lib/errors.ts';
import { useAppForm } from '../../../lib/forms.ts';
import { isReportable, reportClientError } from '../../../lib/log.ts';
import { isLimitReachedError } from '../../../lib/plan/limitError.ts';
import { usePlan } from '../../../lib/plan/usePlan.ts';
import { afterPetAdded } from '../api/petCache.ts';
import { addPetErrorKey } from '../api/petErrors.ts';
import {
  ADD_PET_FIELDS,
  type AddPetOutput,
  type AddPetValues,
  addPetDefaults,
  addPetSchema,
  petFormResolver,
} from '../api/petForms.ts';
import { createPet } from '../api/petsApi.ts';
import { GenderRadio } from './GenderRadio.tsx';
import { SpeciesIcon } from './PetAvatar.tsx';
import { PetTypeRadio } from './PetTypeRadio.tsx';

/**
 * The add-pet form (spec 1 sections 2 and 4): species, name with a picture, date of birth, gender, breed.
 * Add = create the pet, then upload the cropped picture if one was picked, then go to the dashboard. A
 * picture that fails to upload does not undo the pet: the owner is told and can add it on the pet's page.
 */
export function AddPetForm() {
  const { t } = useTranslation(['pets', 'errors']);
  const brand = useBrand();
  const textContext = useBrandTextContext();
  const fieldError = useErrorText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { plan, counts, isPending: planPending } = usePlan();
  const schema = useMemo(() => addPetSchema(brand), [brand]);
  const form = useAppForm<AddPetValues, unknown, AddPetOutput>({
    resolver: petFormResolver(schema),
    defaultValues: addPetDefaults(brand),
  });
  const { errors, isSubmitting } = form.formState;
  const petType = useWatch({ control: form.control, name: 'pet_type' });
  const name = useWatch({ control: form.control, name: 'name' });

  const [picture, setPicture] = useState<Blob | null>(null);
  const preview = useObjectUrl(picture);
  const [pictureRefusal, setPictureRefusal] = useState<ErrorTextKey | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const { upload, progress } = useImageUpload();

  // Decided before sending, with the same rule the server applies (it refuses with 403 LIMIT_REACHED).
  const decision = planPending ? null : mayAddPet(brand, plan, counts.pets);
  const blocked = decision !== null && !decision.allowed;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    let pet: Pet;
    try {
      pet = await createPet({
        name: values.name,
        pet_type: values.pet_type,
        gender: values.gender,
        race: values.race,
        date_of_birth: values.date_of_birth,
      });
    } catch (error) {
      if (isReportable(error)) reportClientError('add pet failed', error);
      if (!applyFieldErrors(error, form.setError, ADD_PET_FIELDS)) setFailure(error);
      return;
    }
    if (picture) {
      try {
        await upload(picture, { fileFor: 'pet', petId: pet.id });
      } catch (error) {
        notifications.show({
          color: 'red',
          title: t('errors:Pet_Image_Upload_Failed'),
          message: t(`errors:${errorTextKey(error)}`),
          autoClose: 10_000,
        });
      }
    }
    await afterPetAdded(queryClient, pet);
    notifications.show({ color: 'teal', message: t('newPet.created', { name: pet.name }) });
    navigate(paths.dashboard);
  });

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} maw={720}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="lg">
          {blocked ? <PlanLimitNotice decision={decision} /> : null}
          <Controller
            control={form.control}
            name="pet_type"
            render={({ field }) => (
              <PetTypeRadio
                value={field.value}
                onChange={(next) => {
                  field.onChange(next);
                  field.onBlur();
                }}
                error={fieldError(errors.pet_type?.message)}
              />
            )}
          />
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
            <TextInput
              style={{ flex: 1, minWidth: 0 }}
              label={t('fields.name')}
              required
              autoComplete="off"
              maxLength={50}
              error={fieldError(errors.name?.message)}
              {...form.register('name')}
            />
          </Group>
          <Controller
            control={form.control}
            name="date_of_birth"
            render={({ field }) => (
              <DisplayDateInput
                label={t('fields.date_of_birth')}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                name={field.name}
                ref={field.ref}
                maxDate={todayIso()}
                clearable
                error={fieldError(errors.date_of_birth?.message)}
              />
            )}
          />
          <Controller
            control={form.control}
            name="gender"
            render={({ field }) => (
              <GenderRadio
                value={field.value}
                onChange={(next) => {
                  field.onChange(next);
                  field.onBlur();
                }}
                error={fieldError(errors.gender?.message)}
              />
            )}
          />
          <TextInput
            label={t('fields.race')}
            autoComplete="off"
            maxLength={100}
            error={fieldError(errors.race?.message)}
            {...form.register('race')}
          />
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
