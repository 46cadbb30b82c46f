import type { ComponentProps } from 'react';
import { Controller, type FieldValues } from 'react-hook-form';
import { CountrySelect } from '../CountrySelect.tsx';
import { type FieldBlockProps, useFieldError } from './fieldBlock.ts';

type CountryFieldProps<Values extends FieldValues> = FieldBlockProps<Values, string> &
  Omit<ComponentProps<typeof CountrySelect>, 'name' | 'error' | 'value' | 'onChange' | 'onBlur'>;

/** A country field holding the ISO code ('' for none), with the field's message under it. */
export function CountryField<Values extends FieldValues>({
  control,
  name,
  ...input
}: CountryFieldProps<Values>) {
  const error = useFieldError(control, name);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <CountrySelect
          {...input}
          value={field.value || null}
          onChange={(value) => field.onChange(value ?? '')}
          onBlur={field.onBlur}
          error={error}
        />
      )}
    />
  );
}
