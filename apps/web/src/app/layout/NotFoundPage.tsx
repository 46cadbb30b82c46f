import { Button } from '@mantine/core';
import { paths } from '@pet/shared/paths';
import { IconHome2, IconPawOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusScreen } from './StatusScreen.tsx';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <StatusScreen
      icon={<IconPawOff size={44} stroke={1.5} />}
      eyebrow={t('notFound.code')}
      title={t('notFound.title')}
      text={t('notFound.text')}
      actions={
        <Button component={Link} to={paths.home} leftSection={<IconHome2 size={18} />}>
          {t('actions.goHome')}
        </Button>
      }
    />
  );
}
