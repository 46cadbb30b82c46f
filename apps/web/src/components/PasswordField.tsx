import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { PASSWORD_MAX } from '@pet/shared/constants';

/**
 * A password input with the live counter "n/30" below it (spec 1 section 5). The counter is the input's
 * description, so screen readers hear it with the field.
 */
export function PasswordField({ value, ...props }: PasswordInputProps & { value: string }) {
  return (
    <PasswordInput
      {...props}
      value={value}
      // Mantine marks only its plain inputs invalid for assistive technology, not the password input.
      aria-invalid={Boolean(props.error)}
      maxLength={PASSWORD_MAX}
      description={`${value.length}/${PASSWORD_MAX}`}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      styles={{ description: { textAlign: 'right', marginTop: 4 } }}
    />
  );
}
