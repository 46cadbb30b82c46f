import { ActionIcon, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { IconScale, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePetTexts } from './usePetTexts.ts';

interface WeightListProps {
  /** Newest first, as the pet keeps them. */
  weights: ReadonlyArray<{ weight: number; date: string }>;
  /** Makes each entry removable (the edit form). */
  onRemove?: (index: number) => void;
  disabled?: boolean;
}

/** The weighings, newest first, scrolling beyond 250 px (spec 1 section 2). */
export function WeightList({ weights, onRemove, disabled }: WeightListProps) {
  const { t } = useTranslation('pets');
  const texts = usePetTexts();
  // Entries have no id and one day may hold the same weight twice: the n-th repeat is part of the key.
  const seen = new Map<string, number>();
  const keys = weights.map((entry) => {
    const base = `${entry.date}|${entry.weight}`;
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return `${base}|${n}`;
  });
  if (weights.length === 0) {
    return (
      <Group gap="xs" c="dimmed" py="sm" wrap="nowrap">
        <IconScale size={18} stroke={1.6} aria-hidden />
        <Text size="sm">{t('weights.empty')}</Text>
      </Group>
    );
  }
  return (
    <ScrollArea.Autosize mah={250} type="auto" offsetScrollbars>
      <Stack
        component="ul"
        gap={0}
        m={0}
        p={0}
        aria-label={t('weights.listLabel')}
        style={{ listStyle: 'none' }}
      >
        {weights.map((entry, index) => {
          const weight = texts.kg(entry.weight);
          const key = keys[index];
          return (
            <Group
              component="li"
              key={key}
              justify="space-between"
              wrap="nowrap"
              py={8}
              px="xs"
              style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
            >
              <Text size="sm" c="dimmed">
                {entry.date}
              </Text>
              <Group gap="xs" wrap="nowrap">
                <Text size="sm" fw={600}>
                  {weight}
                </Text>
                {onRemove ? (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="md"
                    disabled={disabled}
                    aria-label={t('weights.remove', { weight, date: entry.date })}
                    onClick={() => onRemove(index)}
                  >
                    <IconTrash size={16} stroke={1.6} />
                  </ActionIcon>
                ) : null}
              </Group>
            </Group>
          );
        })}
      </Stack>
    </ScrollArea.Autosize>
  );
}
