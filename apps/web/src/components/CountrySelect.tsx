import { Select, type SelectProps } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { countryOptions } from '../lib/countries.ts';
import { currentLanguage } from '../lib/i18n/index.ts';

/** A searchable country picker whose value is the ISO code and whose names follow the UI language. */
export function CountrySelect(props: Omit<SelectProps, 'data'>) {
  const { i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const data = useMemo(() => countryOptions(language), [language]);
  return <Select searchable clearable {...props} data={data} />;
}
