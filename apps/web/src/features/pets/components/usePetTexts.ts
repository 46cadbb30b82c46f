import type { PetGender, PetType } from '@pet/shared';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { decimalMark, formatDecimal } from '../../../lib/decimal.ts';
import { currentLanguage } from '../../../lib/i18n/index.ts';
import { petAge } from './petAge.ts';

/** Translated species, gender and age of a pet, the same on every pets screen. */
export function usePetTexts() {
  const { t, i18n } = useTranslation('pets');
  const language = currentLanguage(i18n);

  const species = useCallback((type: PetType) => t(`species.${type}`), [t]);
  const gender = useCallback((value: PetGender | null) => (value ? t(`gender.${value}`) : null), [t]);

  /** "3 years, 2 months", "5 months", "less than a month"; null without a birth date. */
  const age = useCallback(
    (dateOfBirth: string | null, today?: Date) => {
      const value = petAge(dateOfBirth, today);
      if (!value) return null;
      const years = t('age.years', { count: value.years });
      const months = t('age.months', { count: value.months });
      if (value.years > 0 && value.months > 0) return t('age.yearsAndMonths', { years, months });
      if (value.years > 0) return years;
      if (value.months > 0) return months;
      return t('age.newborn');
    },
    [t],
  );

  /** "12.5 kg" in English, "12,5 kg" in German. */
  const kg = useCallback(
    (weight: number) => t('weights.kg', { value: formatDecimal(weight, language, 2) }),
    [t, language],
  );

  /** The language's decimal mark (',' in German), for the weight input. */
  const decimalSeparator = decimalMark(language);

  return { species, gender, age, kg, decimalSeparator };
}
