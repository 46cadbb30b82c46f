import { ActionIcon, Group, Paper, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconFile, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from './documentPages.ts';
import type { PickedFile } from './useDocumentUploads.ts';

/** A picked file: name and size, its own progress bar while it uploads, why it failed, and Remove. */
export function PickedFileRow({
  picked,
  onRemove,
  locked,
}: {
  picked: PickedFile;
  onRemove: () => void;
  locked: boolean;
}) {
  const { t, i18n } = useTranslation(['documents', 'errors']);
  const { file, state, percent, reason } = picked;
  const progressLabel = t('form.progress', { name: file.name, percent });
  return (
    <Paper withBorder p="sm" radius="md" component="li" data-testid="picked-file" aria-label={file.name}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon size={36} radius="sm" variant="light" color={state === 'failed' ? 'red' : undefined}>
          {state === 'done' ? <IconCheck size={20} /> : <IconFile size={20} stroke={1.6} />}
        </ThemeIcon>
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs" justify="space-between" wrap="nowrap">
            <Text size="sm" fw={600} truncate="end">
              {file.name}
            </Text>
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {formatFileSize(file.size, i18n.language)}
            </Text>
          </Group>
          {state === 'waiting' || state === 'uploading' || state === 'done' ? (
            <Progress
              value={state === 'done' ? 100 : percent}
              size="sm"
              animated={state === 'uploading'}
              color={state === 'done' ? 'teal' : undefined}
              aria-label={progressLabel}
            />
          ) : null}
          {state === 'uploading' || state === 'waiting' ? (
            <Text size="xs" c="dimmed" role="status">
              {state === 'waiting' ? t('form.waiting', { name: file.name }) : progressLabel}
            </Text>
          ) : null}
          {state === 'failed' && reason ? (
            <Text size="xs" c="red" role="alert">
              {t('form.uploadFailed', { name: file.name, reason: t(`errors:${reason}`) })}
            </Text>
          ) : null}
        </Stack>
        <ActionIcon
          variant="subtle"
          color="gray"
          onClick={onRemove}
          disabled={locked}
          aria-label={t('form.remove', { name: file.name })}
        >
          <IconX size={18} />
        </ActionIcon>
      </Group>
    </Paper>
  );
}
