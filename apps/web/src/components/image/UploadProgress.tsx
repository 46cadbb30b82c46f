import { Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The progress bar of a picture upload; nothing while no upload runs. */
export function UploadProgress({ value, w = 160 }: { value: number | null; w?: number | string }) {
  const { t } = useTranslation();
  if (value === null) return null;
  const label = t('image.uploading', { percent: value });
  return (
    <Stack gap={4} w={w} role="status" aria-live="polite">
      <Progress value={value} size="sm" animated={value < 100} aria-label={label} />
      <Text size="xs" c="dimmed" ta="center" style={{ whiteSpace: 'nowrap' }}>
        {label}
      </Text>
    </Stack>
  );
}
