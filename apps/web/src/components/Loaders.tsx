import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The whole screen is a spinner: the session is loading or sign-in is finishing (states Loading, hideall). */
export function FullPageLoader() {
  const { t } = useTranslation();
  return (
    <Center h="100dvh" role="status" aria-label={t('loading')}>
      <Loader size="lg" />
    </Center>
  );
}

/** A page's code or data is on its way; the layout around it stays. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center mih={240} role="status" aria-label={t('loading')}>
      <Loader />
    </Center>
  );
}
