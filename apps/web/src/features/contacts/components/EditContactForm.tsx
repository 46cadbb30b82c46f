import { Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Contact } from '@pet/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SaveDeleteButtons } from '../../../components/form/SaveDeleteButtons.tsx';
import { useConfirmedDelete } from '../../../components/useConfirmedDelete.ts';
import { useBrandTextContext } from '../../../config/brand.tsx';
import { applyFieldErrors } from '../../../lib/errors.ts';
import { useAppForm } from '../../../lib/forms.ts';
import { useDeleteContact, useUpdateContact } from '../api/useContactMutations.ts';
import { ContactFields } from './ContactFields.tsx';
import { ContactFormError } from './ContactFormError.tsx';
import {
  editFormResolver,
  formValuesOf,
  SERVER_FIELD_NAMES,
  SERVER_FIELDS,
  updatePayload,
} from './contactForm.ts';
import { contactDisplayName } from './contactTypes.ts';

interface EditContactFormProps {
  contact: Contact;
  /** The types the type field offers (the predefined ones and the pet's custom ones). */
  types: readonly string[];
  /** Saved: the row collapses (spec 2 section 4), with the saved contact's type. */
  onSaved: (contactType: string) => void;
}

/** A contact's inline edit form (spec 2 section 2): every field, Save (PUT), Delete (after a confirmation). */
export function EditContactForm({ contact, types, onSaved }: EditContactFormProps) {
  const { t } = useTranslation(['contacts', 'common']);
  const textContext = useBrandTextContext();
  const update = useUpdateContact(contact.id);
  const remove = useDeleteContact(contact.id);
  const [failure, setFailure] = useState<unknown>(null);
  const form = useAppForm({ resolver: editFormResolver, defaultValues: formValuesOf(contact) });

  const submit = form.handleSubmit((values) => {
    setFailure(null);
    update.mutate(updatePayload(values), {
      onSuccess: (answer) => {
        if (answer) form.reset(formValuesOf(answer));
        notifications.show({ color: 'teal', message: t('edit.saved') });
        onSaved(answer?.contact_type ?? contact.contact_type);
      },
      onError: (error) => {
        if (!applyFieldErrors(error, form.setError, SERVER_FIELDS, SERVER_FIELD_NAMES)) setFailure(error);
      },
    });
  });

  const confirmDelete = useConfirmedDelete({
    textsFrom: 'contacts',
    textValues: { name: contactDisplayName(contact), ...textContext },
    remove,
    showFailure: setFailure,
  });

  // The stored type is offered even when the list of types no longer holds it.
  const typeChoices = types.includes(contact.contact_type) ? types : [...types, contact.contact_type];

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <ContactFields form={form} typeField={{ kind: 'select', types: typeChoices }} />
        <ContactFormError error={failure} action="update" />
        <SaveDeleteButtons
          textsFrom="contacts"
          onDelete={confirmDelete}
          saving={update.isPending}
          deleting={remove.isPending}
          canSave={form.formState.isDirty}
        />
      </Stack>
    </form>
  );
}
