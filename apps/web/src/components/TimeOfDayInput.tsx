import { TextInput, type TextInputProps } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { forwardRef } from 'react';

/**
 * A typed time read as HH:mm (24-hour): "930", "9:30", "9.30" and "0930" become "09:30". Anything else is
 * kept as typed, for the schema to refuse (Time_Format_Error).
 */
export function normalizeTimeOfDay(text: string): string {
  const trimmed = text.trim();
  const match = /^(\d{1,2})(?:[:.,h ]?(\d{2}))$/.exec(trimmed) ?? /^(\d{1,2})$/.exec(trimmed);
  if (!match) return trimmed;
  const hours = Number(match[1]);
  const minutes = match[2] === undefined ? 0 : Number(match[2]);
  if (hours > 23 || minutes > 59) return trimmed;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

interface TimeOfDayInputProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  /** HH:mm, or '' for none. */
  value: string;
  onChange: (value: string) => void;
}

/**
 * A 24-hour time field (spec 1 section 9). A native time input (Mantine's TimeInput) shows AM/PM wherever the
 * browser's locale does, so the form would not match the lists' 14:30: this one always shows HH:mm.
 */
export const TimeOfDayInput = forwardRef<HTMLInputElement, TimeOfDayInputProps>(function TimeOfDayInput(
  { value, onChange, onBlur, placeholder, ...props },
  ref,
) {
  return (
    <TextInput
      ref={ref}
      leftSection={<IconClock size={16} stroke={1.6} />}
      inputMode="numeric"
      autoComplete="off"
      maxLength={5}
      placeholder={placeholder}
      {...props}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={(event) => {
        const normalized = normalizeTimeOfDay(event.currentTarget.value);
        if (normalized !== value) onChange(normalized);
        onBlur?.(event);
      }}
    />
  );
});
