import { Stack } from '@mantine/core';
import type { ErrorTextKey } from '@pet/shared/errors';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { errorTextKey } from '../../../lib/errors.ts';

// A failed save says what failed and, when the answer tells more (no connection, server down, pet or contact
// gone), why. Field errors are shown under their fields instead.

const UNSPECIFIC: ReadonlySet<ErrorTextKey> = new Set<ErrorTextKey>([
  'Something_Went_Wrong',
  'Bad_Request_Text',
  'Failure_Call_Text',
]);

export function ContactFormError({ error, action }: { error: unknown; action: 'create' | 'update' }) {
  const { t } = useTranslation(['contacts', 'errors']);
  if (!error) return null;
  const reason = errorTextKey(error);
  return (
    <FormAlert>
      <Stack gap={2}>
        <span>{action === 'create' ? t('add.failed') : t('errors:Update_Failed_Text')}</span>
        {UNSPECIFIC.has(reason) ? null : <span>{t(`errors:${reason}`)}</span>}
      </Stack>
    </FormAlert>
  );
}
