import { Button, Flex, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrandTextContext } from '../../../config/brand.tsx';
import { applyFieldErrors } from '../../../lib/errors.ts';
import { useAppForm } from '../../../lib/forms.ts';
import { useCreateContact } from '../api/useContactMutations.ts';
import { AlsoAddToField } from './AlsoAddToField.tsx';
import { ContactFields, type ContactTypeField } from './ContactFields.tsx';
import { ContactFormError } from './ContactFormError.tsx';
import {
  addFormResolver,
  createPayload,
  emptyContactValues,
  SERVER_FIELD_NAMES,
  SERVER_FIELDS,
} from './contactForm.ts';
import { resolveContactType, useContactTypeLabel } from './contactTypes.ts';

interface AddContactFormProps {
  petId: string;
  /** A type's own add form starts with that type chosen; the "new type" form has the user type one. */
  typeField: ContactTypeField;
  initialType: string;
  /** The custom types already in use, so a typed "physio" joins an existing "Physio". */
  customTypes: readonly string[];
  otherPets: ReadonlyArray<{ id: string; name: string }>;
  /** Called with the saved contact's type (its accordion opens). */
  onSaved: (contactType: string) => void;
  onCancel?: () => void;
}

/** Adds a contact to the pet (POST /v1/contact?pet_id=), and a copy to each chosen other pet. */
export function AddContactForm({
  petId,
  typeField,
  initialType,
  customTypes,
  otherPets,
  onSaved,
  onCancel,
}: AddContactFormProps) {
  const { t } = useTranslation(['contacts', 'common']);
  const textContext = useBrandTextContext();
  const label = useContactTypeLabel();
  const create = useCreateContact(petId);
  const [failure, setFailure] = useState<unknown>(null);
  const form = useAppForm({ resolver: addFormResolver, defaultValues: emptyContactValues(initialType) });

  const submit = form.handleSubmit((values) => {
    setFailure(null);
    const contactType = resolveContactType(values.contact_type, label, customTypes);
    create.mutate(createPayload(values, contactType), {
      onSuccess: (answer) => {
        const copies = answer?.copies.length ?? 0;
        notifications.show({
          color: 'teal',
          message: copies > 0 ? t('add.savedWithCopies', { count: copies, ...textContext }) : t('add.saved'),
        });
        form.reset(emptyContactValues(initialType));
        onSaved(answer?.contact_type ?? contactType);
      },
      onError: (error) => {
        if (!applyFieldErrors(error, form.setError, SERVER_FIELDS, SERVER_FIELD_NAMES)) setFailure(error);
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <ContactFields form={form} typeField={typeField} />
        <AlsoAddToField form={form} otherPets={otherPets} />
        <ContactFormError error={failure} action="create" />
        {/* Phones: full-width buttons, the main one on top. */}
        <Flex direction={{ base: 'column-reverse', xs: 'row' }} justify="flex-end" gap="sm">
          {onCancel ? (
            <Button variant="default" onClick={onCancel} disabled={create.isPending}>
              {t('common:actions.cancel')}
            </Button>
          ) : null}
          <Button
            type="submit"
            loading={create.isPending}
            disabled={create.isPending}
            leftSection={<IconUserPlus size={16} stroke={1.7} />}
          >
            {t('add.submit')}
          </Button>
        </Flex>
      </Stack>
    </form>
  );
}
