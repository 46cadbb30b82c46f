import { Alert, Anchor, Text } from '@mantine/core';
import { paths } from '@pet/shared/paths';
import { IconShoppingBagCheck, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useBrand } from '../../../config/brand.tsx';
import { AuthHeading } from '../components/AuthHeading.tsx';
import { RegisterForm } from '../components/RegisterForm.tsx';
import { RegisterThanks } from '../components/RegisterThanks.tsx';
import { SignupClosed } from '../components/SignupClosed.tsx';

/** /register: step 0 the form, step 1 the thank-you (spec 1 section 2). */
export function RegisterPage() {
  const { t } = useTranslation('auth');
  const brand = useBrand();
  const [params] = useSearchParams();
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  // From a household invitation's page (issue 45): the account is made to join, without a code.
  const invitation = params.get('invitation');

  if (brand.signupClosed) return <SignupClosed />;
  if (registeredEmail) return <RegisterThanks email={registeredEmail} />;

  return (
    <>
      <AuthHeading
        title={t('register.title')}
        subtitle={t('register.subtitle', { brand: brand.displayName })}
      />
      {params.get('status') === 'successfully-ordered' ? (
        <Alert color="teal" variant="light" radius="md" mb="lg" icon={<IconShoppingBagCheck size={18} />}>
          {t('register.ordered')}
        </Alert>
      ) : null}
      {invitation ? (
        <Alert color="teal" variant="light" radius="md" mb="lg" icon={<IconUsers size={18} />}>
          {t('register.invited')}
        </Alert>
      ) : null}
      <RegisterForm
        initialEmail={params.get('email') ?? ''}
        householdToken={invitation}
        onRegistered={setRegisteredEmail}
      />
      <Text ta="center" size="sm" mt="xl">
        {t('register.haveAccount')}{' '}
        <Anchor component={Link} to={paths.signin} fw={600}>
          {t('register.signin')}
        </Anchor>
      </Text>
    </>
  );
}
