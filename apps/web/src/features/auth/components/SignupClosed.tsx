import { Anchor, Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { paths } from '@pet/shared/paths';
import { IconArrowsJoin, IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBrand } from '../../../config/brand.tsx';

/** The older brand takes no new accounts: it points to the successor app instead of the form. */
export function SignupClosed() {
  const { t } = useTranslation(['auth', 'errors']);
  const brand = useBrand();
  return (
    <Stack align="center" ta="center" gap="md" py="md">
      <ThemeIcon size={72} radius={999} variant="light">
        <IconArrowsJoin size={38} stroke={1.5} />
      </ThemeIcon>
      <Title order={1} fz={26}>
        {t('register.closed.title')}
      </Title>
      <Text>{t('errors:PrimePet_Merging_Services')}</Text>
      <Button
        component="a"
        href={brand.links.successorApp}
        target="_blank"
        rel="noopener noreferrer"
        size="md"
        rightSection={<IconExternalLink size={16} />}
      >
        {t('register.closed.link')}
      </Button>
      <Text size="sm">
        {t('register.haveAccount')}{' '}
        <Anchor component={Link} to={paths.signin} fw={600}>
          {t('register.signin')}
        </Anchor>
      </Text>
    </Stack>
  );
}
