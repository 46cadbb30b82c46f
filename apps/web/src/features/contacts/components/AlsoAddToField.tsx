import { Checkbox, Group } from '@mantine/core';
import { Controller, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldError } from '../../../components/form/fieldBlock.ts';
import { useBrandTextContext } from '../../../config/brand.tsx';
import type { ContactFormValues } from './contactForm.ts';

/**
 * "Also add to" (issue 10): most owners have one vet for all their animals, so a new contact can be copied to
 * the owner's other pets, a copy per pet. Not shown to an owner with one pet.
 */
export function AlsoAddToField({
  form,
  otherPets,
}: {
  form: UseFormReturn<ContactFormValues, unknown, FieldValues>;
  otherPets: ReadonlyArray<{ id: string; name: string }>;
}) {
  const { t } = useTranslation('contacts');
  const textContext = useBrandTextContext();
  // The server's answer when a chosen pet is gone (deleted in another tab, say).
  const error = useFieldError(form.control, 'also_for_pet_ids');
  if (otherPets.length === 0) return null;
  return (
    <Controller
      control={form.control}
      name="also_for_pet_ids"
      render={({ field }) => (
        <Checkbox.Group
          label={t('add.alsoFor')}
          description={t('add.alsoForHint', textContext)}
          value={field.value}
          onChange={field.onChange}
          error={error}
        >
          <Group gap="lg" mt="xs">
            {otherPets.map((pet) => (
              <Checkbox key={pet.id} value={pet.id} label={pet.name} onBlur={field.onBlur} />
            ))}
          </Group>
        </Checkbox.Group>
      )}
    />
  );
}
