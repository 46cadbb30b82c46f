import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Flex, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
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

interface DocumentEntryProps {
  item: PetDocument;
  /** Saved: the row collapses. Deleted: back to the list (spec 2 section 4). */
  onSaved: () => void;
  onDeleted: () => void;
}

const DESCRIPTION_FIELDS = ['description'] as const;

function EditDescription({
  item,
  onCancel,
  onSaved,
}: {
  item: PetDocument;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(['documents', 'common']);
  const update = useUpdateDocument(item.id);
  const [failure, setFailure] = useState<unknown>(null);
  const form = useAppForm({
    resolver: zodResolver(updateDocumentSchema),
    defaultValues: { description: item.description },
  });

  const submit = form.handleSubmit((body) => {
    setFailure(null);
    update.mutate(body, {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: t('edit.saved') });
        onSaved();
      },
      onError: (cause) => {
        if (!applyFieldErrors(cause, form.setError, DESCRIPTION_FIELDS)) setFailure(cause);
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <DescriptionField control={form.control} name="description" />
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
 * why, and offers no edit.
 */
export function DocumentEntry({ item, onSaved, onDeleted }: DocumentEntryProps) {
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
    </Stack>
  );
}
