import { TextInput, type TextInputProps } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import { type FieldBlockProps, useFieldError } from './fieldBlock.ts';

type TextFieldProps<Values extends FieldValues> = FieldBlockProps<Values, string> &
  Omit<TextInputProps, 'name' | 'error' | 'value' | 'defaultValue' | 'onChange' | 'onBlur'>;

/** A text input registered with the form (uncontrolled), with the field's message under it. */
export function TextField<Values extends FieldValues>({ control, name, ...input }: TextFieldProps<Values>) {
  const error = useFieldError(control, name);
  return <TextInput {...input} error={error} {...control.register(name)} />;
}
