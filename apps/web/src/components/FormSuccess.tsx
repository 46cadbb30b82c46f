import { Alert } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A form's lasting success message (saved, sent, changed), announced to screen readers without interrupting. */
export function FormSuccess({ children }: { children: ReactNode }) {
  return (
    <Alert color="teal" variant="light" radius="md" icon={<IconCircleCheck size={18} />} role="status">
      {children}
    </Alert>
  );
}
