import { type ComboboxItem, Select, type SelectProps } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { countryCode, countryOptions, frequentCountryOptions } from '../lib/countries.ts';
import { currentLanguage } from '../lib/i18n/index.ts';

/**
 * A searchable country picker whose value is the ISO code and whose names follow the UI language: a group
 * of the frequent countries above the full list, sorted by name, which has them too. The groups are
 * Mantine's (role "group", named by their label), so screen readers hear them.
 */
export function CountrySelect({ onChange, ...props }: Omit<SelectProps, 'data'>) {
  const { t, i18n } = useTranslation('common');
  const language = currentLanguage(i18n);
  const data = useMemo(
    () => [
      { group: t('countries.frequent'), items: frequentCountryOptions(language) },
      { group: t('countries.all'), items: countryOptions(language) },
    ],
    [language, t],
  );
  const choose = useCallback(
    (value: string | null, option: ComboboxItem | null) => {
      const code = countryCode(value);
      onChange?.(code, option && code !== null ? { ...option, value: code } : option);
    },
    [onChange],
  );
  return <Select searchable clearable {...props} data={data} onChange={choose} />;
}
