import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Input, Paper, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { type EmergencyLanguage, publicEmergencyQuerySchema } from '@pet/shared';
import { IconDownload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { FormSuccess } from '../../../components/FormSuccess.tsx';
import { errorTextKey, useErrorText } from '../../../lib/errors.ts';
import { useAppForm } from '../../../lib/forms.ts';
import { useLanguage } from '../../../lib/session/useLanguage.ts';
import { downloadPublicEmergencyFile } from '../api/emergencyApi.ts';

/**
 * The form model of the spec (spec 1 section 3, spec 2 section 3: "Emergency form: emergency_code and
 * language"); the call's query parameter stays activation_code (emergencyApi.ts).
 */
const formSchema = z.object({ emergency_code: publicEmergencyQuerySchema.shape.activation_code });
/** German first: the page's default language (spec 1 section 9). */
const LANGUAGE_ORDER: readonly EmergencyLanguage[] = ['de', 'en'];

/**
 * The finder's form: the emergency password (prefilled from ?code=, which the QR tag carries), the
 * language, which is the page's and the file's, and Download. 403: the owner's plan has no emergency file;
 * 429: too many tries; anything else reads as a wrong password, so guessing learns nothing.
 */
export function PublicDownloadForm() {
  const { t } = useTranslation(['emergency', 'errors', 'common']);
  const fieldError = useErrorText();
  const languageLabelId = useId();
  const [params] = useSearchParams();
  const { language, setLanguage } = useLanguage();

  const { register, handleSubmit, formState } = useAppForm({
    resolver: zodResolver(formSchema),
    defaultValues: { emergency_code: params.get('code')?.trim() ?? '' },
  });

  const download = useMutation({
    mutationFn: (values: { password: string; language: EmergencyLanguage }) =>
      downloadPublicEmergencyFile(values.password, values.language),
  });
  const onSubmit = handleSubmit((values) => download.mutate({ password: values.emergency_code, language }));

  const pickLanguage = (next: string) => {
    download.reset();
    void setLanguage(next as EmergencyLanguage);
  };

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md" shadow="xs">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('notfall.password')}
            description={t('notfall.passwordHint')}
            required
            size="md"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            error={fieldError(formState.errors.emergency_code?.message)}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: 1 } }}
            {...register('emergency_code')}
          />
          {/* The label is a div whose id names the radio group (a <label> would point at no input). */}
          <Input.Wrapper
            label={t('notfall.language')}
            labelElement="div"
            labelProps={{ id: languageLabelId }}
          >
            <SegmentedControl
              fullWidth
              size="md"
              value={language}
              onChange={pickLanguage}
              disabled={download.isPending}
              aria-labelledby={languageLabelId}
              data={LANGUAGE_ORDER.map((lng) => ({
                value: lng,
                label: t(`common:language.${lng}`),
              }))}
            />
          </Input.Wrapper>
          {download.isError ? (
            <FormAlert>{t(`errors:${errorTextKey(download.error, 'public-emergency')}`)}</FormAlert>
          ) : null}
          {download.isSuccess ? <FormSuccess>{t('notfall.downloaded')}</FormSuccess> : null}
          <Button
            type="submit"
            size="md"
            fullWidth
            leftSection={<IconDownload size={18} stroke={1.8} />}
            loading={download.isPending}
          >
            {t('notfall.download')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
