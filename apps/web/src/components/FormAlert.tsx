import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A form's general error (one that belongs to no single field), announced to screen readers. */
export function FormAlert({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <Alert color="red" variant="light" radius="md" icon={<IconAlertCircle size={18} />} role="alert">
      {children}
    </Alert>
  );
}
