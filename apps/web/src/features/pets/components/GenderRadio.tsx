import { Group, Radio } from '@mantine/core';
import { PET_GENDERS, type PetGender } from '@pet/shared';
import { useTranslation } from 'react-i18next';

interface GenderRadioProps {
  value: PetGender | '';
  onChange: (value: PetGender) => void;
  error?: string;
}

/** Male or female; optional, so nothing is chosen until the owner picks one. */
export function GenderRadio({ value, onChange, error }: GenderRadioProps) {
  const { t } = useTranslation('pets');
  return (
    <Radio.Group
      label={t('fields.gender')}
      value={value}
      onChange={(next) => onChange(next as PetGender)}
      error={error}
    >
      <Group gap="lg" mt={8}>
        {PET_GENDERS.map((gender) => (
          <Radio key={gender} value={gender} label={t(`gender.${gender}`)} />
        ))}
      </Group>
    </Radio.Group>
  );
}
