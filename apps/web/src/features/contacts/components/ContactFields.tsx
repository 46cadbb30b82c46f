import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { CONTACT_LIMITS } from '@pet/shared';
import { Controller, type FieldValues, type UseFormReturn, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { todayIso } from '../../../components/DisplayDateInput.tsx';
import { ContactDetailsFields } from '../../../components/form/ContactDetailsFields.tsx';
import { DateField } from '../../../components/form/DateField.tsx';
import { useFieldError } from '../../../components/form/fieldBlock.ts';
import { TextField } from '../../../components/form/TextField.tsx';
import { useErrorText } from '../../../lib/errors.ts';
import type { ContactFormValues } from './contactForm.ts';
import { useContactTypeLabel, VET } from './contactTypes.ts';

/** The type part of the form: a choice of the known types, or a new type typed by the user. */
export type ContactTypeField = { kind: 'select'; types: readonly string[] } | { kind: 'new' };

interface ContactFieldsProps {
  /** The add or the edit form: they hold the same values and differ only in their checked output. */
  form: UseFormReturn<ContactFormValues, unknown, FieldValues>;
  typeField: ContactTypeField;
}

/**
 * The typed new type's message: the shared rule's Contact_type_Error says "choose", which fits the select;
 * a typed type is asked for with "please enter" (Contact_type_Enter_Error). Other messages stay.
 */
function useNewTypeError(control: ContactFieldsProps['form']['control']): string | undefined {
  const errorText = useErrorText();
  const { errors } = useFormState({ control, name: 'contact_type' });
  const key = errors.contact_type?.message;
  return errorText(key === 'Contact_type_Error' ? 'Contact_type_Enter_Error' : key);
}

/**
 * Every field of the add and the inline edit form (spec 2 section 3), "vet since" only for a vet. Rules and
 * messages come from the form's resolver (the shared schemas).
 */
export function ContactFields({ form, typeField }: ContactFieldsProps) {
  const { t } = useTranslation('contacts');
  const label = useContactTypeLabel();
  const { control } = form;
  const typeError = useFieldError(control, 'contact_type');
  const newTypeError = useNewTypeError(control);
  // useWatch re-renders on a change of the type only (the form's watch would on every keystroke).
  const isVet = useWatch({ control, name: 'contact_type' }).trim() === VET;

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {typeField.kind === 'select' ? (
          <Controller
            control={control}
            name="contact_type"
            render={({ field }) => (
              <Select
                label={t('fields.contact_type')}
                placeholder={t('placeholders.contact_type')}
                withAsterisk
                data={typeField.types.map((type) => ({ value: type, label: label(type) }))}
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
                onBlur={field.onBlur}
                allowDeselect={false}
                error={typeError}
              />
            )}
          />
        ) : (
          <TextInput
            label={t('fields.new_type')}
            placeholder={t('placeholders.new_type')}
            withAsterisk
            autoComplete="off"
            maxLength={CONTACT_LIMITS.contactType}
            error={newTypeError}
            {...control.register('contact_type')}
          />
        )}
        <TextField
          control={control}
          name="title"
          label={t('fields.title')}
          placeholder={t('placeholders.title')}
          autoComplete="off"
          maxLength={CONTACT_LIMITS.title}
        />
      </SimpleGrid>
      <TextField
        control={control}
        name="name"
        label={t('fields.name')}
        withAsterisk
        autoComplete="off"
        maxLength={CONTACT_LIMITS.name}
      />
      <ContactDetailsFields control={control} textsFrom="contacts" maxLength={CONTACT_LIMITS} phoneRequired />
      {isVet ? (
        <DateField
          control={control}
          name="vet_since"
          label={t('fields.vet_since')}
          clearable
          maxDate={todayIso()}
        />
      ) : null}
    </Stack>
  );
}
