import { Button, Grid, Group, NumberInput, Paper, Stack, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Pet, UpdatePetInput } from '@pet/shared';
import { PET_LIMITS, PET_SIZE_MAX_CM, PET_SIZE_MIN_CM } from '@pet/shared';
import { petPath, petSlug } from '@pet/shared/paths';
import { IconArrowLeft, IconDeviceFloppy } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useMemo, useRef, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import { useBrand, useBrandTextContext } from '../../../config/brand.tsx';
import { applyFieldErrors, useErrorText } from '../../../lib/errors.ts';
import { useAppForm } from '../../../lib/forms.ts';
import { useUpdatePet } from '../api/usePetMutations.ts';
import { DateOfBirthField, GenderField, PetNameField, PetTypeField, RaceField } from './PetFields.tsx';
import { savePetErrorKey } from './petErrors.ts';
import {
  EDIT_PET_FIELDS,
  type EditPetOutput,
  type EditPetValues,
  editPetSchema,
  editPetValues,
  petFormResolver,
} from './petForms.ts';
import { WeightFields } from './WeightFields.tsx';
import {
  BOTH_REQUIRED,
  checkWeightDraft,
  EMPTY_WEIGHT_DRAFT,
  type WeightDraft,
  type WeightDraftErrors,
  withWeight,
} from './weightDraft.ts';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-label={title}>
      <Title order={2} fz="lg" mb="md">
        {title}
      </Title>
      <Stack gap="md">{children}</Stack>
    </Paper>
  );
}

/**
 * Every field of the pet (spec 1 sections 2 to 5). Save sends the whole pet with its weights (PUT /v1/pet).
 * A weight and a date still in the inputs are added first; one without the other, or a negative weight,
 * pauses the save with the field's error and "Weight response ignored".
 */
export function EditPetForm({ pet }: { pet: Pet }) {
  const { t } = useTranslation(['pets', 'errors']);
  const brand = useBrand();
  const textContext = useBrandTextContext();
  const fieldError = useErrorText();
  const navigate = useNavigate();
  const schema = useMemo(() => editPetSchema(brand), [brand]);
  const form = useAppForm<EditPetValues, unknown, EditPetOutput>({
    resolver: petFormResolver(schema),
    defaultValues: editPetValues(pet),
  });
  const { errors } = form.formState;
  const weights = useWatch({ control: form.control, name: 'weights' });

  const [draft, setDraft] = useState<WeightDraft>(EMPTY_WEIGHT_DRAFT);
  const [draftErrors, setDraftErrors] = useState<WeightDraftErrors>({});
  const [weightIgnored, setWeightIgnored] = useState(false);
  const [draftRound, setDraftRound] = useState(0);
  const weightInput = useRef<HTMLInputElement>(null);
  const dateInput = useRef<HTMLInputElement>(null);

  const save = useUpdatePet(pet.id);
  const saveBody = (body: UpdatePetInput) =>
    save.mutate(body, {
      onSuccess: (saved) => {
        form.reset(editPetValues(saved));
        notifications.show({ color: 'teal', message: t('myPet.saved', { name: saved.name }) });
        if (petSlug(saved.name) !== petSlug(pet.name)) navigate(petPath(saved, 'my-pet'), { replace: true });
      },
      onError: (error) => applyFieldErrors(error, form.setError, EDIT_PET_FIELDS),
    });

  const changeDraft = (next: WeightDraft) => {
    // Editing an input takes its message away; the other input keeps its own.
    setDraftErrors((old) => ({
      weight: next.weight === draft.weight ? old.weight : undefined,
      date: next.date === draft.date ? old.date : undefined,
    }));
    setWeightIgnored(false);
    setDraft(next);
  };

  const showDraftErrors = (found: WeightDraftErrors) => {
    setDraftErrors(found);
    // The weight input takes the focus; the date input is only scrolled to, because focusing it opens its
    // calendar over the message.
    if (found.weight) weightInput.current?.focus();
    else dateInput.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  };

  /** Adds the entered weight to the list. Answers false when the inputs hold something that cannot be added. */
  const commitDraft = (pressed: 'add' | 'save'): boolean => {
    const check = checkWeightDraft(draft);
    if (check.kind === 'empty') {
      if (pressed === 'save') return true;
      showDraftErrors(BOTH_REQUIRED);
      return false;
    }
    if (check.kind === 'invalid') {
      showDraftErrors(check.errors);
      if (pressed === 'save') setWeightIgnored(true);
      return false;
    }
    form.setValue('weights', withWeight(form.getValues('weights'), check.entry), { shouldDirty: true });
    setDraft(EMPTY_WEIGHT_DRAFT);
    setDraftRound((round) => round + 1);
    setDraftErrors({});
    setWeightIgnored(false);
    return true;
  };

  const removeWeight = (index: number) => {
    const list = form.getValues('weights');
    form.setValue(
      'weights',
      list.filter((_, i) => i !== index),
      { shouldDirty: true },
    );
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    if (!commitDraft('save')) return;
    void form.handleSubmit((values) =>
      saveBody({
        name: values.name,
        pet_type: values.pet_type,
        gender: values.gender,
        race: values.race,
        date_of_birth: values.date_of_birth ?? null,
        size: values.size,
        color: values.color,
        features: values.features,
        labeling: values.labeling,
        ancestry: values.ancestry,
        weights: values.weights ?? [],
      }),
    )(event);
  };

  const saving = save.isPending;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Stack gap="lg">
              <Section title={t('myPet.sections.basics')}>
                <PetNameField control={form.control} name="name" />
                <DateOfBirthField control={form.control} name="date_of_birth" />
                <PetTypeField control={form.control} name="pet_type" />
                <GenderField control={form.control} name="gender" />
                <RaceField control={form.control} name="race" />
              </Section>
              <Section title={t('myPet.sections.identity')}>
                <TextField
                  control={form.control}
                  name="labeling"
                  label={t('fields.labeling')}
                  description={t('fields.labelingHint')}
                  autoComplete="off"
                  maxLength={PET_LIMITS.labeling}
                />
                <TextField
                  control={form.control}
                  name="ancestry"
                  label={t('fields.ancestry')}
                  description={t('fields.ancestryHint', textContext)}
                  autoComplete="off"
                  maxLength={PET_LIMITS.ancestry}
                />
              </Section>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Stack gap="lg">
              <Section title={t('myPet.sections.appearance')}>
                <Controller
                  control={form.control}
                  name="size"
                  render={({ field }) => (
                    <NumberInput
                      label={t('fields.size')}
                      description={t('fields.sizeHint', { min: PET_SIZE_MIN_CM, max: PET_SIZE_MAX_CM })}
                      value={field.value}
                      onChange={(value) => field.onChange(value === '' ? '' : Number(value))}
                      onBlur={field.onBlur}
                      name={field.name}
                      ref={field.ref}
                      min={PET_SIZE_MIN_CM}
                      max={PET_SIZE_MAX_CM}
                      step={1}
                      allowDecimal={false}
                      allowNegative={false}
                      // Out-of-range sizes get the message instead of being changed silently.
                      clampBehavior="none"
                      rightSection={t('fields.sizeUnit')}
                      rightSectionWidth={64}
                      error={fieldError(errors.size?.message)}
                    />
                  )}
                />
                <TextField
                  control={form.control}
                  name="color"
                  label={t('fields.color')}
                  autoComplete="off"
                  maxLength={PET_LIMITS.color}
                />
                <Textarea
                  label={t('fields.features')}
                  placeholder={t('fields.featuresPlaceholder')}
                  autosize
                  minRows={3}
                  maxRows={8}
                  maxLength={PET_LIMITS.features}
                  error={fieldError(errors.features?.message)}
                  {...form.register('features')}
                />
              </Section>
              <Section title={t('myPet.sections.weights')}>
                <WeightFields
                  draft={draft}
                  onDraftChange={changeDraft}
                  errors={draftErrors}
                  ignored={weightIgnored}
                  onAdd={() => commitDraft('add')}
                  weights={weights}
                  onRemove={removeWeight}
                  disabled={saving}
                  weightRef={weightInput}
                  dateRef={dateInput}
                  round={draftRound}
                />
              </Section>
            </Stack>
          </Grid.Col>
        </Grid>
        {save.isError && !Object.keys(errors).length ? (
          <FormAlert>{t(`errors:${savePetErrorKey(save.error)}`)}</FormAlert>
        ) : null}
        <Group justify="space-between" gap="sm">
          <Button
            component={Link}
            to={petPath(pet)}
            variant="default"
            leftSection={<IconArrowLeft size={18} stroke={1.6} />}
          >
            {t('myPet.backToProfile')}
          </Button>
          <Button
            type="submit"
            size="md"
            loading={saving}
            disabled={saving}
            leftSection={<IconDeviceFloppy size={18} stroke={1.6} />}
          >
            {t('myPet.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
