import { PET_LIMITS, type PetGender, type PetType } from '@pet/shared';
import type { CSSProperties } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { todayIso } from '../../../components/DisplayDateInput.tsx';
import { ChoiceField } from '../../../components/form/ChoiceField.tsx';
import { DateField } from '../../../components/form/DateField.tsx';
import type { FieldBlockProps } from '../../../components/form/fieldBlock.ts';
import { TextField } from '../../../components/form/TextField.tsx';
import { GenderRadio } from './GenderRadio.tsx';
import { PetTypeRadio } from './PetTypeRadio.tsx';

// The fields the add and the edit form of a pet share (spec 1 sections 2 and 4). Each form places them in
// its own layout; rules and messages come from its resolver (the shared schemas).

export function PetNameField<Values extends FieldValues>(
  props: FieldBlockProps<Values, string> & { style?: CSSProperties },
) {
  const { t } = useTranslation('pets');
  return (
    <TextField {...props} label={t('fields.name')} required autoComplete="off" maxLength={PET_LIMITS.name} />
  );
}

export function PetTypeField<Values extends FieldValues>(props: FieldBlockProps<Values, PetType | ''>) {
  return <ChoiceField {...props} input={PetTypeRadio} />;
}

export function DateOfBirthField<Values extends FieldValues>(props: FieldBlockProps<Values, string>) {
  const { t } = useTranslation('pets');
  return <DateField {...props} label={t('fields.date_of_birth')} maxDate={todayIso()} clearable />;
}

export function GenderField<Values extends FieldValues>(props: FieldBlockProps<Values, PetGender | ''>) {
  return <ChoiceField {...props} input={GenderRadio} />;
}

export function RaceField<Values extends FieldValues>(props: FieldBlockProps<Values, string>) {
  const { t } = useTranslation('pets');
  return <TextField {...props} label={t('fields.race')} autoComplete="off" maxLength={PET_LIMITS.race} />;
}
