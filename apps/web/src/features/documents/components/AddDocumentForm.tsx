import { zodResolver } from '@hookform/resolvers/zod';
import { Input, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { DOCUMENT_LIMITS, type DocumentType, updateDocumentSchema } from '@pet/shared';
import type { ErrorTextKey } from '@pet/shared/errors';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CancelSubmitButtons } from '../../../components/form/CancelSubmitButtons.tsx';
import { SaveFailureAlert } from '../../../components/SaveFailureAlert.tsx';
import { applyFieldErrors } from '../../../lib/errors.ts';
import { useAppForm } from '../../../lib/forms.ts';
import { useCreateDocument } from '../api/useDocumentMutations.ts';
import { DescriptionField } from './DescriptionField.tsx';
import { FileDropField } from './FileDropField.tsx';
import { PickedFileRow } from './PickedFileRow.tsx';
import { checkPick, type RefusedFile } from './pickedFiles.ts';
import { useDocumentUploads } from './useDocumentUploads.ts';
import { VisibleToSittersSwitch } from './VisibleToSittersSwitch.tsx';

interface AddDocumentFormProps {
  type: DocumentType;
  petId: string;
  /** The list: Cancel and a successful save go back there. */
  backTo: string;
  saveLabel: string;
  /** The owner's form: "Show to sitters" (issue 45); a co-owner's leaves the server's default. */
  chooseVisibility?: boolean;
}

/**
 * The add page's form (spec 2 sections 4 and 5): a description and up to 5 files. Save uploads each file
 * with its own progress (POST /v1/upload/document), and only once every upload answered creates the record
 * with their entries (POST /v1/document?pet_id=), then goes back to the list.
 */
export function AddDocumentForm({
  type,
  petId,
  backTo,
  saveLabel,
  chooseVisibility = false,
}: AddDocumentFormProps) {
  const { t } = useTranslation(['documents', 'errors', 'common']);
  const navigate = useNavigate();
  const create = useCreateDocument(petId);
  const uploads = useDocumentUploads(petId);
  const form = useAppForm({
    resolver: zodResolver(updateDocumentSchema),
    defaultValues: { description: '', visible_to_sitters: false },
  });
  const [filesError, setFilesError] = useState<ErrorTextKey | null>(null);
  const [refused, setRefused] = useState<RefusedFile[]>([]);
  const [uploadFailed, setUploadFailed] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [working, setWorking] = useState(false);
  const filesErrorId = useId();

  const pick = (files: File[]) => {
    const result = checkPick(uploads.files.length, files);
    setRefused(result.refused);
    setFilesError(result.tooMany ? 'To_Many_Files_Error_Text' : null);
    uploads.add(result.accepted);
  };

  const save = async (description: string, visibleToSitters: boolean) => {
    setWorking(true);
    setFailure(null);
    setUploadFailed(false);
    try {
      const docUrl = await uploads.uploadAll();
      if (!docUrl) {
        setUploadFailed(true);
        return;
      }
      await create.mutateAsync({
        document_type: type,
        description,
        doc_url: docUrl,
        ...(chooseVisibility ? { visible_to_sitters: visibleToSitters } : {}),
      });
      notifications.show({ color: 'teal', message: t('add.saved') });
      navigate(backTo);
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, ['description'])) setFailure(error);
    } finally {
      setWorking(false);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    const noFiles = uploads.files.length === 0;
    if (noFiles) setFilesError('Document_Error');
    void form.handleSubmit(async ({ description, visible_to_sitters }) => {
      if (!noFiles) await save(description, visible_to_sitters ?? false);
    })(event);
  };

  const full = uploads.files.length >= DOCUMENT_LIMITS.files;

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} maw={880}>
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <DescriptionField control={form.control} name="description" disabled={working} />
          {chooseVisibility ? (
            <VisibleToSittersSwitch control={form.control} name="visible_to_sitters" disabled={working} />
          ) : null}
          <Stack gap="xs">
            {/* Required like the description: Mantine's label with its asterisk. */}
            <Input.Label required id={`${filesErrorId}-label`}>
              {t('form.files')}
            </Input.Label>
            <FileDropField
              onFiles={pick}
              disabled={working || full}
              describedBy={filesError ? filesErrorId : undefined}
            />
            {filesError ? (
              <Text size="sm" c="red" role="alert" id={filesErrorId}>
                {t(`errors:${filesError}`)}
              </Text>
            ) : null}
            {refused.length > 0 ? (
              <Stack gap={2} role="alert" data-testid="refused-files">
                {refused.map(({ name, reason }) => (
                  <Text key={name} size="sm" c="red">
                    {t('form.refused', { name, reason: t(`errors:${reason}`) })}
                  </Text>
                ))}
              </Stack>
            ) : null}
            {uploads.files.length > 0 ? (
              <Stack
                component="ul"
                gap="xs"
                aria-labelledby={`${filesErrorId}-label`}
                style={{ listStyle: 'none', padding: 0, margin: 0 }}
              >
                {uploads.files.map((picked) => (
                  <PickedFileRow
                    key={picked.key}
                    picked={picked}
                    locked={working}
                    onRemove={() => {
                      uploads.remove(picked.key);
                      setFilesError(null);
                    }}
                  />
                ))}
              </Stack>
            ) : null}
          </Stack>
          {uploadFailed ? (
            <Text size="sm" c="red" role="alert" data-testid="upload-failed">
              {t('errors:Document_Upload_Failed')} {t('form.someFailed')}
            </Text>
          ) : null}
          <SaveFailureAlert error={failure} />
          <CancelSubmitButtons
            backTo={backTo}
            submitLabel={saveLabel}
            submitIcon={<IconDeviceFloppy size={18} stroke={1.7} />}
            working={working}
          />
        </Stack>
      </form>
    </Paper>
  );
}
