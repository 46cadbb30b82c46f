import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Flex, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { PetRole } from '@pet/shared';
import { type PetDocument, updateDocumentSchema } from '@pet/shared';
import { IconDeviceFloppy, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SaveFailureAlert } from '../../../components/SaveFailureAlert.tsx';
import { useConfirmedDelete } from '../../../components/useConfirmedDelete.ts';
import { applyFieldErrors } from '../../../lib/errors.ts';
import { useAppForm } from '../../../lib/forms.ts';
import { useDeleteDocument, useUpdateDocument } from '../api/useDocumentMutations.ts';
import { DescriptionField } from './DescriptionField.tsx';
import { DocumentFiles } from './DocumentFiles.tsx';
import { VisibleToSittersSwitch } from './VisibleToSittersSwitch.tsx';

/** What the user's role allows with a pet's documents (issue 45). */
export interface DocumentAccess {
  /** Add, edit, delete: the owner and co-owners. */
  write: boolean;
  /** Whether the sitters see a document: the owner's choice only. */
  chooseVisibility: boolean;
}

export const OWNER_ACCESS: DocumentAccess = { write: true, chooseVisibility: true };

export function documentAccess(role: PetRole): DocumentAccess {
  return { write: role !== 'sitter', chooseVisibility: role === 'owner' };
}

interface DocumentEntryProps {
  item: PetDocument;
  access?: DocumentAccess;
  /** Saved: the row collapses. Deleted: back to the list (spec 2 section 4). */
  onSaved: () => void;
  onDeleted: () => void;
}

const DESCRIPTION_FIELDS = ['description'] as const;

function EditDescription({
  item,
  chooseVisibility,
  onCancel,
  onSaved,
}: {
  item: PetDocument;
  chooseVisibility: boolean;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(['documents', 'common']);
  const update = useUpdateDocument(item.id);
  const [failure, setFailure] = useState<unknown>(null);
  const form = useAppForm({
    resolver: zodResolver(updateDocumentSchema),
    // Only the owner sends visible_to_sitters (a co-owner's differing value would be refused).
    defaultValues: chooseVisibility
      ? { description: item.description, visible_to_sitters: item.visible_to_sitters }
      : { description: item.description },
  });

  const submit = form.handleSubmit((body) => {
    setFailure(null);
    // The sitters' choice goes only when the owner changed it ("left as it is when absent").
    const { visible_to_sitters, ...rest } = body;
    const changed = form.formState.dirtyFields.visible_to_sitters ? { visible_to_sitters } : {};
    update.mutate(
      { ...rest, ...changed },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t('edit.saved') });
          onSaved();
        },
        onError: (cause) => {
          if (!applyFieldErrors(cause, form.setError, DESCRIPTION_FIELDS)) setFailure(cause);
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <DescriptionField control={form.control} name="description" />
        {chooseVisibility ? (
          <VisibleToSittersSwitch control={form.control} name="visible_to_sitters" />
        ) : null}
        <SaveFailureAlert error={failure} />
        <Flex direction={{ base: 'column-reverse', xs: 'row' }} justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={update.isPending}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            type="submit"
            leftSection={<IconDeviceFloppy size={16} stroke={1.7} />}
            loading={update.isPending}
            disabled={update.isPending || !form.formState.isDirty}
          >
            {t('edit.save')}
          </Button>
        </Flex>
      </Stack>
    </form>
  );
}

/**
 * An expanded row: the view mode (the description and the files, Edit and Delete) or the edit mode, which
 * changes only the description (Cancel, Save). A read-only document (beyond the plan's documents_limit) says
 * why, and offers no edit. A sitter sees the description and the files only (issue 45).
 */
export function DocumentEntry({ item, access = OWNER_ACCESS, onSaved, onDeleted }: DocumentEntryProps) {
  const { t } = useTranslation(['documents', 'common']);
  const [editing, setEditing] = useState(false);
  const remove = useDeleteDocument(item.id);
  const [failure, setFailure] = useState<unknown>(null);
  const confirmDelete = useConfirmedDelete({
    textsFrom: 'documents',
    remove,
    showFailure: setFailure,
    onDeleted,
  });

  if (editing) {
    return (
      <EditDescription
        item={item}
        chooseVisibility={access.chooseVisibility}
        onCancel={() => setEditing(false)}
        onSaved={() => {
          setEditing(false);
          onSaved();
        }}
      />
    );
  }

  return (
    <Stack gap="md">
      <Text style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>{item.description}</Text>
      <DocumentFiles entries={item.doc_url} />
      {item.read_only && (
        <Text size="sm" c="dimmed">
          {t('view.readOnlyHint')}
        </Text>
      )}
      <SaveFailureAlert error={failure} />
      {access.write ? (
        <Flex direction={{ base: 'column-reverse', xs: 'row' }} justify="flex-end" gap="sm">
          <Button
            variant="outline"
            color="red"
            leftSection={<IconTrash size={16} stroke={1.7} />}
            onClick={confirmDelete}
            loading={remove.isPending}
            disabled={remove.isPending}
          >
            {t('view.delete')}
          </Button>
          <Button
            variant="light"
            leftSection={<IconPencil size={16} stroke={1.7} />}
            onClick={() => setEditing(true)}
            disabled={remove.isPending || item.read_only}
          >
            {t('view.edit')}
          </Button>
        </Flex>
      ) : null}
    </Stack>
  );
}
