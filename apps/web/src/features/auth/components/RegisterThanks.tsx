import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { paths } from '@pet/shared/paths';
import { IconMailCheck } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Step 1 of registration: the confirmation mail is on its way; sign-in comes after confirming. */
export function RegisterThanks({ email }: { email: string }) {
  const { t } = useTranslation('auth');
  return (
    <Stack align="center" ta="center" gap="md" py="md">
      <ThemeIcon size={72} radius={999} variant="light">
        <IconMailCheck size={38} stroke={1.5} />
      </ThemeIcon>
      <Title order={1} fz={26}>
        {t('register.thanks.title')}
      </Title>
      <Text>
        <Trans t={t} i18nKey="register.thanks.text" values={{ email }} components={{ strong: <strong /> }} />
      </Text>
      <Button component={Link} to={`${paths.signin}?email=${encodeURIComponent(email)}`} size="md" mt="sm">
        {t('register.thanks.login')}
      </Button>
    </Stack>
  );
}
