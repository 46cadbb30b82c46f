import type { ComponentType } from 'react';
import { Controller, type FieldValues } from 'react-hook-form';
import { type FieldBlockProps, useFieldError } from './fieldBlock.ts';

/** What a choice input (a radio group, a picker) takes. */
export interface ChoiceInputProps<Choice extends string> {
  value: Choice | '';
  onChange: (value: Choice) => void;
  error?: string;
}

type ChoiceFieldProps<Values extends FieldValues, Choice extends string> = FieldBlockProps<
  Values,
  Choice | ''
> & {
  input: ComponentType<ChoiceInputProps<Choice>>;
};

/** One of a few choices ('' until chosen). A pick counts as leaving the field, so its message shows at once. */
export function ChoiceField<Values extends FieldValues, Choice extends string>({
  control,
  name,
  input: Input,
}: ChoiceFieldProps<Values, Choice>) {
  const error = useFieldError(control, name);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Input
          value={field.value}
          onChange={(next) => {
            field.onChange(next);
            field.onBlur();
          }}
          error={error}
        />
      )}
    />
  );
}
