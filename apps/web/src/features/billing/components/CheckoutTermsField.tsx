import { Anchor, Checkbox } from '@mantine/core';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { useBrand } from '../../../config/brand.tsx';
import { useErrorText } from '../../../lib/errors.ts';
import type { BillingAddressInput, BillingAddressValues } from './billingAddressSchema.ts';

/** The checkout's terms box, required for Pay (spec 2 section 5), linking the brand's terms. */
export function CheckoutTermsField({
  form,
}: {
  form: UseFormReturn<BillingAddressInput, unknown, BillingAddressValues>;
}) {
  const { t } = useTranslation('billing');
  const brand = useBrand();
  const fieldError = useErrorText();
  return (
    <Controller
      control={form.control}
      name="terms"
      render={({ field }) => (
        <Checkbox
          name={field.name}
          checked={field.value === true}
          onChange={(e) => field.onChange(e.currentTarget.checked)}
          onBlur={field.onBlur}
          error={fieldError(form.formState.errors.terms?.message)}
          label={
            <Trans
              t={t}
              i18nKey="checkout.terms"
              components={{
                terms: <Anchor href={brand.links.terms} target="_blank" rel="noopener" inherit />,
              }}
            />
          }
        />
      )}
    />
  );
}
