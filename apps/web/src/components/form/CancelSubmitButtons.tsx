import { Button, Flex } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

interface CancelSubmitButtonsProps {
  /** Where Cancel leads back to (the list the form adds to). */
  backTo: string;
  submitLabel: string;
  submitIcon: ReactNode;
  /** The form's call is running: Submit shows it and cannot be pressed again. */
  working: boolean;
}

/**
 * The buttons of an add page's form: Cancel (back, nothing saved) and the form's submit. Phones: full-width
 * buttons, the main one on top.
 */
export function CancelSubmitButtons({ backTo, submitLabel, submitIcon, working }: CancelSubmitButtonsProps) {
  const { t } = useTranslation('common');
  return (
    <Flex direction={{ base: 'column-reverse', xs: 'row' }} justify="flex-end" gap="sm">
      <Button component={Link} to={backTo} variant="default">
        {t('actions.cancel')}
      </Button>
      <Button type="submit" loading={working} disabled={working} leftSection={submitIcon}>
        {submitLabel}
      </Button>
    </Flex>
  );
}
