import { Button, CopyButton, Flex, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { EmergencyInfo } from '@pet/shared';
import { IconCheck, IconCopy, IconKey, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { confirmDestructive } from '../../../components/confirmDestructive.tsx';
import { useBrandTextContext } from '../../../config/brand.tsx';
import { errorTextKey } from '../../../lib/errors.ts';
import { useCreateEmergencyPassword } from '../api/useCreateEmergencyPassword.ts';
import { SectionCard } from './SectionCard.tsx';

/**
 * The owner's emergency password (issue 12 point 2): the redeemed activation code or a personal one, with a
 * copy button and where it comes from. Without one, a plan with the emergency file can make one; a personal
 * one can be replaced after a confirmation, since the old one stops working at once.
 */
export function EmergencyPasswordCard({ info }: { info: EmergencyInfo }) {
  const { t } = useTranslation(['emergency', 'errors', 'common']);
  const textContext = useBrandTextContext();
  const create = useCreateEmergencyPassword();

  const makePassword = () =>
    create.mutate(undefined, {
      onSuccess: () => notifications.show({ color: 'teal', message: t('password.created') }),
      onError: (error) =>
        notifications.show({
          color: 'red',
          title: t('password.failed'),
          message: t(`errors:${errorTextKey(error)}`),
        }),
    });

  const confirmReplace = () =>
    confirmDestructive({
      title: t('password.replaceTitle'),
      text: t('password.replaceText'),
      confirm: t('password.replace'),
      cancel: t('common:actions.cancel'),
      onConfirm: makePassword,
    });

  const { password, password_source: source } = info;
  return (
    <SectionCard
      icon={<IconKey size={20} stroke={1.6} />}
      title={t('password.title')}
      description={t('password.text', textContext)}
    >
      {password ? (
        <Stack gap="sm">
          <Flex
            gap="xs"
            direction={{ base: 'column', xs: 'row' }}
            align={{ base: 'stretch', xs: 'flex-end' }}
          >
            <TextInput
              label={t('password.label')}
              description={source ? t(`password.source_${source}`) : undefined}
              value={password}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
              style={{ flex: 1, minWidth: 0, maxWidth: 420 }}
              styles={{
                input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 16, letterSpacing: 1 },
              }}
            />
            <CopyButton value={password} timeout={2500}>
              {({ copied, copy }) => (
                <Button
                  variant={copied ? 'light' : 'default'}
                  color={copied ? 'teal' : undefined}
                  leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  onClick={copy}
                >
                  {copied ? t('password.copied') : t('password.copy')}
                </Button>
              )}
            </CopyButton>
          </Flex>
          {source === 'personal' && info.may_create_password ? (
            <Group>
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconRefresh size={16} stroke={1.7} />}
                onClick={confirmReplace}
                loading={create.isPending}
              >
                {t('password.replace')}
              </Button>
            </Group>
          ) : null}
        </Stack>
      ) : (
        <Stack gap="sm" align="flex-start">
          <Text size="sm">
            {t('password.none')}{' '}
            {info.may_create_password ? t('password.noneCreate') : t('password.noneNotAllowed')}
          </Text>
          {info.may_create_password ? (
            <Button
              leftSection={<IconKey size={16} stroke={1.7} />}
              onClick={makePassword}
              loading={create.isPending}
            >
              {t('password.create')}
            </Button>
          ) : null}
        </Stack>
      )}
    </SectionCard>
  );
}
