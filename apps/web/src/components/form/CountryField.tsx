import { type ComponentProps, memo, useCallback } from 'react';
import { type FieldValues, useController } from 'react-hook-form';
import { CountrySelect } from '../CountrySelect.tsx';
import { type FieldBlockProps, useFieldError } from './fieldBlock.ts';

type CountryFieldProps<Values extends FieldValues> = FieldBlockProps<Values, string> &
  Omit<ComponentProps<typeof CountrySelect>, 'name' | 'error' | 'value' | 'onChange' | 'onBlur'>;

// A select of some 250 countries is costly to render again; it does so only when its own props change, not
// whenever the form around it does (its first edit, its dirty state).
const StableCountrySelect = memo(CountrySelect);

/** A country field holding the ISO code ('' for none), with the field's message under it. */
export function CountryField<Values extends FieldValues>({
  control,
  name,
  ...input
}: CountryFieldProps<Values>) {
  const error = useFieldError(control, name);
  const { field } = useController({ control, name });
  const { onChange: setValue } = field;
  const onChange = useCallback((value: string | null) => setValue(value ?? ''), [setValue]);
  return (
    <StableCountrySelect
      {...input}
      value={field.value || null}
      onChange={onChange}
      onBlur={field.onBlur}
      error={error}
    />
  );
}
