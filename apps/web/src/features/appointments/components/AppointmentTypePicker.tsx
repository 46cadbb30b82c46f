import { Radio, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { APPOINTMENT_TYPES, type AppointmentType } from '@pet/shared';
import { useTranslation } from 'react-i18next';
import classes from './AppointmentTypePicker.module.css';
import { APPOINTMENT_TYPE_LOOK } from './appointmentTypes.ts';

interface AppointmentTypePickerProps {
  value: AppointmentType | '';
  onChange: (value: AppointmentType) => void;
  onBlur: () => void;
  error?: string;
  /** Distinguishes the radio groups of several open forms on one page. */
  name: string;
}

/** The four appointment types as radio cards, icon above label: two per row on phones, four on wide screens. */
export function AppointmentTypePicker({ value, onChange, onBlur, error, name }: AppointmentTypePickerProps) {
  const { t } = useTranslation('appointments');
  return (
    <Radio.Group
      name={name}
      label={t('fields.appointment_type')}
      withAsterisk
      value={value}
      onChange={(next) => onChange(next as AppointmentType)}
      error={error}
    >
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" mt={6}>
        {APPOINTMENT_TYPES.map((type) => {
          const { icon: Icon, color } = APPOINTMENT_TYPE_LOOK[type];
          return (
            <Radio.Card
              key={type}
              value={type}
              radius="md"
              px="sm"
              py={10}
              onBlur={onBlur}
              className={classes.card}
              mod={{ invalid: Boolean(error) }}
            >
              <Radio.Indicator size="xs" className={classes.indicator} aria-hidden />
              <Stack gap={6} align="center" ta="center">
                <ThemeIcon variant="light" color={color} size={34} radius="xl">
                  <Icon size={20} stroke={1.7} />
                </ThemeIcon>
                <Text fw={600} size="sm" style={{ hyphens: 'auto' }}>
                  {t(`types.${type}`)}
                </Text>
              </Stack>
            </Radio.Card>
          );
        })}
      </SimpleGrid>
    </Radio.Group>
  );
}
