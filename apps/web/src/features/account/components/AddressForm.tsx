import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { MyInfo, UserAddressInput } from '@pet/shared';
import { userAddressSchema } from '@pet/shared';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CountrySelect } from '../../../components/CountrySelect.tsx';
import { applyFieldErrors, useErrorText } from '../../../lib/errors.ts';
import { useAppForm } from '../../../lib/forms.ts';
import { inputValuesOf } from '../../../lib/inputValues.ts';
import { useSaveAddress } from '../api/useAccountMutations.ts';
import { saveErrorKey } from './saveErrors.ts';

const FIELDS = ['address_1', 'address_2', 'zipcode', 'city', 'country', 'phone'] as const;

/** The address accordion of the settings page: PUT /v1/user/update?id=<user id>. */
export function AddressForm({ me }: { me: MyInfo }) {
  const { t } = useTranslation(['account', 'errors']);
  const fieldError = useErrorText();
  const { register, handleSubmit, formState, control, setError, reset } = useAppForm({
    resolver: zodResolver(userAddressSchema),
    defaultValues: inputValuesOf(me, FIELDS),
  });

  const save = useSaveAddress(me.id);
  const saveAddress = (address: UserAddressInput) =>
    save.mutate(address, {
      onSuccess: () => {
        reset(inputValuesOf(address, FIELDS));
        notifications.show({ color: 'teal', message: t('settings.address.saved') });
      },
      onError: (error) => {
        if (!applyFieldErrors(error, setError, FIELDS)) {
          notifications.show({ color: 'red', message: t(`errors:${saveErrorKey(error)}`) });
        }
      },
    });

  const error = (name: (typeof FIELDS)[number]) => fieldError(formState.errors[name]?.message);

  return (
    <form onSubmit={handleSubmit((values) => saveAddress(values))} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('settings.address.address1')}
          autoComplete="address-line1"
          error={error('address_1')}
          {...register('address_1')}
        />
        <TextInput
          label={t('settings.address.address2')}
          autoComplete="address-line2"
          error={error('address_2')}
          {...register('address_2')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label={t('settings.address.zipcode')}
            autoComplete="postal-code"
            error={error('zipcode')}
            {...register('zipcode')}
          />
          <TextInput
            label={t('settings.address.city')}
            autoComplete="address-level2"
            error={error('city')}
            {...register('city')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Controller
            control={control}
            name="country"
            render={({ field }) => (
              <CountrySelect
                label={t('settings.address.country')}
                placeholder={t('settings.address.countryPlaceholder')}
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
                onBlur={field.onBlur}
                error={error('country')}
              />
            )}
          />
          <TextInput
            label={t('settings.address.phone')}
            type="tel"
            autoComplete="tel"
            error={error('phone')}
            {...register('phone')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} disabled={save.isPending || !formState.isDirty}>
            {t('settings.address.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
