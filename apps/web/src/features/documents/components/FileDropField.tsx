import '@mantine/dropzone/styles.layer.css';
import { Button, Group, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { DOCUMENT_ACCEPT, DOCUMENT_LIMITS } from '@pet/shared';
import { IconCloudUpload, IconPaperclip } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';

interface FileDropFieldProps {
  /** Every file dropped or picked, refused ones too: the page checks them and says why per file. */
  onFiles: (files: File[]) => void;
  disabled: boolean;
  /** Describes the zone: the files error under it. */
  describedBy?: string;
}

/** A drop zone and a "Choose files" button for the same picker. */
export function FileDropField({ onFiles, disabled, describedBy }: FileDropFieldProps) {
  const { t } = useTranslation('documents');
  const openRef = useRef<() => void>(null);
  return (
    <Stack gap="xs">
      <Dropzone
        // One call per drop with the accepted and the refused files: the page checks them all at once.
        onDrop={() => {}}
        onDropAny={(accepted, rejections) => onFiles([...accepted, ...rejections.map((r) => r.file)])}
        accept={DOCUMENT_ACCEPT}
        multiple
        openRef={openRef}
        disabled={disabled}
        radius="md"
        // Mantine's drop zone looks the same when disabled; while the files upload (or five are picked) it
        // must look as off as the "Choose files" button under it.
        style={disabled ? { opacity: 0.55, cursor: 'not-allowed' } : undefined}
        // The hidden input is the field for assistive technology and for tests (setInputFiles by label).
        inputProps={
          {
            'aria-label': t('form.files'),
            'aria-describedby': describedBy,
            'data-testid': 'document-file-input',
          } as object
        }
      >
        <Group justify="center" gap="md" mih={110} style={{ pointerEvents: 'none' }} wrap="nowrap">
          <IconCloudUpload size={40} stroke={1.4} color="var(--mantine-primary-color-filled)" aria-hidden />
          <Stack gap={2}>
            <Text fw={600}>{t('form.drop')}</Text>
            <Text size="sm" c="dimmed">
              {t('form.dropHint', {
                files: DOCUMENT_LIMITS.files,
                megabytes: DOCUMENT_LIMITS.fileBytes / 1048576,
              })}
            </Text>
          </Stack>
        </Group>
      </Dropzone>
      <Group>
        <Button
          variant="light"
          leftSection={<IconPaperclip size={16} stroke={1.7} />}
          onClick={() => openRef.current?.()}
          disabled={disabled}
          aria-describedby={describedBy}
        >
          {t('form.choose')}
        </Button>
      </Group>
    </Stack>
  );
}
