import { Card, Group, Stack, TextInput, Title } from '@mantine/core';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CountrySelect } from '../../../components/CountrySelect.tsx';
import { useErrorText } from '../../../lib/errors.ts';
import type { BillingAddressInput, BillingAddressValues } from './billingAddressSchema.ts';

/** The checkout's billing address, prefilled from myinfo by the page's form. */
export function BillingAddressFields({
  form,
}: {
  form: UseFormReturn<BillingAddressInput, unknown, BillingAddressValues>;
}) {
  const { t } = useTranslation('billing');
  const fieldError = useErrorText();
  const { errors } = form.formState;
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={3} fz="md">
          {t('address.title')}
        </Title>
        <TextInput
          label={t('address.name')}
          required
          {...form.register('name')}
          error={fieldError(errors.name?.message)}
        />
        <TextInput
          label={t('address.email')}
          required
          type="email"
          {...form.register('email')}
          error={fieldError(errors.email?.message)}
        />
        <TextInput
          label={t('address.street')}
          {...form.register('street')}
          error={fieldError(errors.street?.message)}
        />
        <Group grow align="flex-start">
          <TextInput
            label={t('address.zipcode')}
            {...form.register('zipcode')}
            error={fieldError(errors.zipcode?.message)}
          />
          <TextInput
            label={t('address.city')}
            {...form.register('city')}
            error={fieldError(errors.city?.message)}
          />
        </Group>
        <Controller
          control={form.control}
          name="country"
          render={({ field }) => (
            <CountrySelect
              label={t('address.country')}
              value={field.value ?? null}
              onChange={field.onChange}
              onBlur={field.onBlur}
            />
          )}
        />
        <TextInput
          label={t('address.phone')}
          type="tel"
          {...form.register('phone')}
          error={fieldError(errors.phone?.message)}
        />
      </Stack>
    </Card>
  );
}
