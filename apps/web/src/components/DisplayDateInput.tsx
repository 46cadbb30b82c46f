import '@mantine/dates/styles.layer.css';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { displayDateToIso, isoToDisplayDate } from '@pet/shared/domain/dates';
import { IconCalendar } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { type FocusEvent, type InputEvent, type MouseEvent, useState } from 'react';
// The date picker names months and weekdays in the DatesProvider's language; English is built in.
import 'dayjs/locale/de';
import { useTranslation } from 'react-i18next';

// A date field whose value is what the API takes and the forms validate: a dd.MM.yyyy string ('' for none).
// Mantine's DateInput works with YYYY-MM-DD; this converts at the edge and reads typed dates as d.M.yyyy.

const TYPED_DATE = /^\s*(\d{1,2})\.(\d{1,2})\.(\d{4})\s*$/;

/** A typed 'd.M.yyyy' -> 'YYYY-MM-DD', or null while it is not a real date yet. */
export function parseTypedDate(text: string): string | null {
  const match = TYPED_DATE.exec(text);
  if (!match) return null;
  const [, d = '', m = '', y = ''] = match;
  return displayDateToIso(`${d.padStart(2, '0')}.${m.padStart(2, '0')}.${y}`);
}

export const todayIso = () => dayjs().format('YYYY-MM-DD');

type DisplayDateInputProps = Omit<
  DateInputProps,
  'value' | 'defaultValue' | 'onChange' | 'valueFormat' | 'dateParser'
> & {
  /** dd.MM.yyyy, or '' / null for none. */
  value: string | null | undefined;
  onChange: (value: string) => void;
};

/**
 * `minDate` and `maxDate` only disable the calendar's days outside the range. Passed to Mantine they would
 * also make it drop a typed date outside the range without a word; here such a date reaches the form, whose
 * rule says what is wrong ("cannot be in the future").
 *
 * The calendar closes once a whole date is typed. Mantine keeps it open until the field is left, and a month
 * of six weeks reaches over the next fields: the next click meant for them picked a day instead. A click on
 * the field, or typing that no longer makes a date, opens it again.
 */
export function DisplayDateInput({
  value,
  onChange,
  minDate,
  maxDate,
  popoverProps,
  onInput,
  onFocus,
  onClick,
  ...props
}: DisplayDateInputProps) {
  const { t } = useTranslation();
  const [typedWhole, setTypedWhole] = useState(false);
  const iso = value ? displayDateToIso(value) : null;
  const outsideRange = (day: string) =>
    Boolean(
      (minDate && dayjs(day).isBefore(minDate, 'day')) || (maxDate && dayjs(day).isAfter(maxDate, 'day')),
    );
  return (
    <DateInput
      valueFormat="DD.MM.YYYY"
      dateParser={parseTypedDate}
      placeholder={t('date.placeholder')}
      leftSection={<IconCalendar size={18} stroke={1.6} />}
      excludeDate={outsideRange}
      {...props}
      popoverProps={typedWhole ? { ...popoverProps, opened: false } : popoverProps}
      onInput={(event: InputEvent<HTMLInputElement>) => {
        setTypedWhole(parseTypedDate(event.currentTarget.value) !== null);
        onInput?.(event);
      }}
      onFocus={(event: FocusEvent<HTMLInputElement>) => {
        setTypedWhole(false);
        onFocus?.(event);
      }}
      onClick={(event: MouseEvent<HTMLInputElement>) => {
        setTypedWhole(false);
        onClick?.(event);
      }}
      value={iso}
      onChange={(next) => onChange(next ? isoToDisplayDate(next) : '')}
    />
  );
}
