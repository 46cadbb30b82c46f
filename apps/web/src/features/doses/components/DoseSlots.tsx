import { Stack, Text } from '@mantine/core';
import type { Dose } from '@pet/shared';
import { DOSE_SLOTS } from '@pet/shared/domain/doses';
import { useTranslation } from 'react-i18next';
import { DoseRow } from './DoseRow.tsx';

/** A day's doses under their slots' names (morning, noon, evening), each slot's in the server's order. */
export function DoseSlots({ doses, past = false }: { doses: Dose[]; past?: boolean }) {
  const { t } = useTranslation('doses');
  return (
    <Stack gap="sm">
      {DOSE_SLOTS.map((slot) => {
        const ofSlot = doses.filter((dose) => dose.slot === slot);
        if (ofSlot.length === 0) return null;
        return (
          <div key={slot}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb={6}>
              {t(`slots.${slot}`)}
            </Text>
            <Stack gap={8} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {ofSlot.map((dose) => (
                <DoseRow key={`${dose.medication_id} ${dose.date} ${dose.slot}`} dose={dose} past={past} />
              ))}
            </Stack>
          </div>
        );
      })}
    </Stack>
  );
}
