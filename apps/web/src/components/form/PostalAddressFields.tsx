import { SimpleGrid } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import { CountryField } from './CountryField.tsx';
import type { AnyControl } from './fieldBlock.ts';
import { TextField } from './TextField.tsx';

/** The fields this block edits; a form using it holds them under these names. */
interface PostalAddressValues {
  address: string;
  zip: string;
  city: string;
  /** ISO 3166-1 alpha-2 ('' for none). */
  country: string;
}

interface PostalAddressFieldsProps<Values extends PostalAddressValues & FieldValues> {
  control: AnyControl<Values>;
  labels: { address: string; zip: string; city: string; country: string; countryPlaceholder: string };
  maxLength: { address: number; zip: number; city: number };
}

/**
 * Street, postcode, city and country of someone else (a vet practice, a contact): no autofill from the
 * user's own address. The rules and messages are the form's.
 */
export function PostalAddressFields<Values extends PostalAddressValues & FieldValues>({
  control: formControl,
  labels,
  maxLength,
}: PostalAddressFieldsProps<Values>) {
  // The field names are this block's own; any form that holds them can lend its control.
  const control = formControl as unknown as AnyControl<PostalAddressValues>;
  return (
    <>
      <TextField
        control={control}
        name="address"
        label={labels.address}
        autoComplete="off"
        maxLength={maxLength.address}
      />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <TextField
          control={control}
          name="zip"
          label={labels.zip}
          autoComplete="off"
          maxLength={maxLength.zip}
        />
        <TextField
          control={control}
          name="city"
          label={labels.city}
          autoComplete="off"
          maxLength={maxLength.city}
        />
        <CountryField
          control={control}
          name="country"
          label={labels.country}
          placeholder={labels.countryPlaceholder}
        />
      </SimpleGrid>
    </>
  );
}
