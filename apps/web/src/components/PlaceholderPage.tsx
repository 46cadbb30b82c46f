import { Badge, Button, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { paths } from '@pet/shared/paths';
import { IconArrowLeft, IconTools } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from './PageHeader.tsx';

/**
 * A tidy stand-in for a page a later issue builds, so navigation never dead-ends. Each feature keeps its
 * stand-ins in `features/<domain>/routes/placeholders.tsx`, which the real pages replace.
 */
export function PlaceholderPage({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={title} />
      <Paper withBorder radius="lg" p="xl" maw={640}>
        <Stack align="flex-start" gap="md">
          <ThemeIcon size={48} radius="xl" variant="light">
            <IconTools size={26} stroke={1.6} />
          </ThemeIcon>
          <Badge variant="light">{t('placeholder.badge')}</Badge>
          <Text>{t('placeholder.text')}</Text>
          <Button
            component={Link}
            to={paths.dashboard}
            variant="light"
            leftSection={<IconArrowLeft size={16} />}
          >
            {t('placeholder.back')}
          </Button>
        </Stack>
      </Paper>
    </>
  );
}
