import type { ComponentProps } from 'react';
import { Controller, type FieldValues } from 'react-hook-form';
import { DisplayDateInput } from '../DisplayDateInput.tsx';
import type { FieldBlockProps } from './fieldBlock.ts';
import { useFieldError } from './fieldBlock.ts';

type DateFieldProps<Values extends FieldValues> = FieldBlockProps<Values, string> &
  Omit<ComponentProps<typeof DisplayDateInput>, 'name' | 'error' | 'value' | 'onChange' | 'onBlur' | 'ref'>;

/** A dd.MM.yyyy date field ('' for none), with the field's message under it. */
export function DateField<Values extends FieldValues>({ control, name, ...input }: DateFieldProps<Values>) {
  const error = useFieldError(control, name);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <DisplayDateInput
          {...input}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          name={field.name}
          ref={field.ref}
          error={error}
        />
      )}
    />
  );
}
