import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import type { Decision } from '@pet/shared/entitlements';
import { paths } from '@pet/shared/paths';
import { IconArrowUpRight, IconLock } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBrand } from '../config/brand.tsx';
import { limitDecisionFromError } from '../lib/plan/limitError.ts';

interface PlanLimitNoticeProps {
  /** What a shared entitlement rule answered (mayAddPet, mayAddDocument, ...). */
  decision?: Decision | null;
  /** Or a failed call: a 403 LIMIT_REACHED answer shows the same notice; any other error shows nothing. */
  error?: unknown;
}

/**
 * A plan limit: the translated message, the spec's link where it has one (Appointment_Limit_Reached_Message
 * "Here", also after Appointment_Add_Not_Allowed_Text; the free-service message except on tier-fritz) and an upgrade button to /my-account/subscription
 * when the decision offers one. Renders nothing when the action is allowed.
 */
export function PlanLimitNotice({ decision, error }: PlanLimitNoticeProps) {
  const { t } = useTranslation(['plans', 'errors']);
  const brand = useBrand();
  const shown = decision ?? limitDecisionFromError(error, brand);
  if (!shown || shown.allowed) return null;
  const key = shown.messageKey;

  let link = null;
  if (key === 'Appointment_Limit_Reached_Message' || key === 'Appointment_Add_Not_Allowed_Text') {
    link = (
      <Trans
        t={t}
        i18nKey="limit.appointmentLink"
        components={{ anchor: <Anchor component={Link} to={paths.subscription} inherit fw={600} /> }}
      />
    );
  } else if (key === 'Free_Service_Message' && brand.upgradeLinkInFreeMessage) {
    link = (
      <Anchor component={Link} to={paths.subscription} inherit fw={600}>
        {t('limit.freeLink')}
      </Anchor>
    );
  }

  return (
    <Alert
      color="orange"
      variant="light"
      radius="md"
      icon={<IconLock size={20} stroke={1.7} />}
      title={key === 'Paid_Service_Text' ? t('errors:Paid_Service_Title') : undefined}
      data-testid="plan-limit-notice"
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          {t(`errors:${key}`)}
          {link ? <> {link}</> : null}
        </Text>
        {shown.upgrade ? (
          <Button
            component={Link}
            to={paths.subscription}
            size="xs"
            color="orange"
            rightSection={<IconArrowUpRight size={14} />}
          >
            {t('limit.upgrade')}
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
}
