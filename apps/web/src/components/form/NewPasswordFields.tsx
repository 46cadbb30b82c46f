import { type MantineSize, PasswordInput } from '@mantine/core';
import { type FieldPathByValue, type FieldValues, get, useFormState, useWatch } from 'react-hook-form';
import { useErrorText } from '../../lib/errors.ts';
import { PasswordField } from '../PasswordField.tsx';
import type { AnyControl } from './fieldBlock.ts';

interface NewPasswordFieldsProps<Values extends FieldValues> {
  control: AnyControl<Values>;
  /** The form's fields for the new password and its repetition. */
  names: { password: FieldPathByValue<Values, string>; confirm: FieldPathByValue<Values, string> };
  labels: { password: string; confirm: string };
  size?: MantineSize;
}

/**
 * A new password and its repetition (sign-up, reset, change): both required, both filled by the browser's
 * password manager as a new password, the password with its live length counter, each with its message.
 * The rules and messages are the form's.
 */
export function NewPasswordFields<Values extends FieldValues>({
  control: formControl,
  names,
  labels,
  size,
}: NewPasswordFieldsProps<Values>) {
  // The block reads and registers the two named string fields only; any form that holds them lends its control.
  const control = formControl as unknown as AnyControl<Record<string, string>>;
  const errorText = useErrorText();
  const password = useWatch({ control, name: names.password });
  const { errors } = useFormState({ control, name: [names.password, names.confirm] });
  const confirmError = get(errors, names.confirm);

  return (
    <>
      <PasswordField
        label={labels.password}
        autoComplete="new-password"
        size={size}
        required
        value={password ?? ''}
        error={errorText(get(errors, names.password)?.message)}
        {...control.register(names.password)}
      />
      <PasswordInput
        label={labels.confirm}
        autoComplete="new-password"
        size={size}
        required
        error={errorText(confirmError?.message)}
        // Mantine marks only its plain inputs invalid for assistive technology, not the password input.
        aria-invalid={Boolean(confirmError)}
        {...control.register(names.confirm)}
      />
    </>
  );
}
