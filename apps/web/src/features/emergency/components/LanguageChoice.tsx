import { NativeSelect } from '@mantine/core';
import { EMERGENCY_LANGUAGES, type EmergencyLanguage } from '@pet/shared';
import { useTranslation } from 'react-i18next';

interface LanguageChoiceProps {
  label: string;
  value: EmergencyLanguage;
  onChange: (language: EmergencyLanguage) => void;
  disabled?: boolean;
}

/** English or German for a PDF: a native select, which phones show as their own picker. */
export function LanguageChoice({ label, value, onChange, disabled }: LanguageChoiceProps) {
  const { t } = useTranslation('common');
  return (
    <NativeSelect
      label={label}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.currentTarget.value as EmergencyLanguage)}
      data={EMERGENCY_LANGUAGES.map((language) => ({ value: language, label: t(`language.${language}`) }))}
    />
  );
}
