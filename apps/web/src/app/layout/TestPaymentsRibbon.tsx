import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { publicConfigQuery } from '../../features/auth/api/authApi.ts';
import classes from './TestPaymentsRibbon.module.css';

/**
 * On every page of a production server that runs the payment sandbox on purpose (PAYMENT_PROVIDER=sandbox):
 * nobody may take its checkout for a real one. Nothing while the server has not answered, or says no.
 */
export function TestPaymentsRibbon() {
  const { t } = useTranslation('common');
  const config = useQuery(publicConfigQuery);
  if (!config.data?.test_payments) return null;
  const text = (
    <>
      <span className={classes.title}>{t('testPayments.title')}</span>
      <span>{t('testPayments.text')}</span>
    </>
  );
  return (
    <>
      <div className={classes.spacer} aria-hidden="true">
        {text}
      </div>
      <aside className={classes.ribbon} aria-label={t('testPayments.title')} data-testid="test-payments">
        {text}
      </aside>
    </>
  );
}
