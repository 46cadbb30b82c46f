import { Button, Group } from '@mantine/core';
import { paths } from '@pet/shared/paths';
import { IconAlertTriangle, IconHome2, IconRefresh } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { reportClientError } from '../../lib/log.ts';
import { NotFoundPage } from './NotFoundPage.tsx';
import { StatusScreen } from './StatusScreen.tsx';

/** A page crashed (or its code failed to load after a deploy): report it and offer a way on. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;

  useEffect(() => {
    if (!notFound) reportClientError('route error', error);
  }, [error, notFound]);

  if (notFound) return <NotFoundPage />;
  return (
    <StatusScreen
      icon={<IconAlertTriangle size={44} stroke={1.5} />}
      title={t('routeError.title')}
      text={t('routeError.text')}
      actions={
        <Group justify="center">
          <Button leftSection={<IconRefresh size={18} />} onClick={() => window.location.reload()}>
            {t('actions.reload')}
          </Button>
          <Button variant="default" component="a" href={paths.home} leftSection={<IconHome2 size={18} />}>
            {t('actions.goHome')}
          </Button>
        </Group>
      }
    />
  );
}
