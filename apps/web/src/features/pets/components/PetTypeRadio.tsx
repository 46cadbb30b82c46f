import { Group, Radio } from '@mantine/core';
import type { PetType } from '@pet/shared';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../../config/brand.tsx';

interface PetTypeRadioProps {
  value: PetType | '';
  onChange: (value: PetType) => void;
  error?: string;
}

/** The species of the brand (Dog, Cat, Other). Brands with one species show no choice (hunde-schutz). */
export function PetTypeRadio({ value, onChange, error }: PetTypeRadioProps) {
  const { t } = useTranslation('pets');
  const brand = useBrand();
  if (brand.petTypes.length < 2) return null;
  return (
    <Radio.Group
      label={t('fields.pet_type')}
      value={value}
      onChange={(next) => onChange(next as PetType)}
      error={error}
      required
    >
      <Group gap="lg" mt={8}>
        {brand.petTypes.map((type) => (
          <Radio key={type} value={type} label={t(`species.${type}`)} />
        ))}
      </Group>
    </Radio.Group>
  );
}
