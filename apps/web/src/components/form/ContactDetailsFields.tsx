import { SimpleGrid } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ContactDetailsValues } from './contactDetails.ts';
import type { AnyControl } from './fieldBlock.ts';
import { PostalAddressFields } from './PostalAddressFields.tsx';
import { TextField } from './TextField.tsx';

/** The features whose locale files hold this block's labels (`fields.phone` … `placeholders.country`). */
type ContactDetailsTexts = 'appointments' | 'contacts';

interface ContactDetailsFieldsProps<Values extends ContactDetailsValues & FieldValues> {
  control: AnyControl<Values>;
  /** Whose labels the fields carry. */
  textsFrom: ContactDetailsTexts;
  maxLength: { phone: number; address: number; zip: number; city: number };
  /** Marks the phone as required (the rule itself is the form's). */
  phoneRequired?: boolean;
}

/**
 * How to reach someone else (a vet practice, a contact): phone and e-mail side by side, then the postal
 * address. No autofill from the user's own details. The rules and messages are the form's.
 */
export function ContactDetailsFields<Values extends ContactDetailsValues & FieldValues>({
  control: formControl,
  textsFrom,
  maxLength,
  phoneRequired = false,
}: ContactDetailsFieldsProps<Values>) {
  const { t } = useTranslation(textsFrom);
  // The field names are this block's own; any form that holds them can lend its control.
  const control = formControl as unknown as AnyControl<ContactDetailsValues>;
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextField
          control={control}
          name="phone"
          label={t('fields.phone')}
          type="tel"
          withAsterisk={phoneRequired}
          autoComplete="off"
          maxLength={maxLength.phone}
        />
        <TextField control={control} name="email" label={t('fields.email')} type="email" autoComplete="off" />
      </SimpleGrid>
      <PostalAddressFields
        control={control}
        labels={{
          address: t('fields.address'),
          zip: t('fields.zip'),
          city: t('fields.city'),
          country: t('fields.country'),
          countryPlaceholder: t('placeholders.country'),
        }}
        maxLength={maxLength}
      />
    </>
  );
}
