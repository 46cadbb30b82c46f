import { Button, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import type { RegisterFormValues } from '@pet/shared';
import type { ErrorTextKey } from '@pet/shared/errors';
import { IconCircleCheck, IconExternalLink } from '@tabler/icons-react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { SupportMailHint } from '../../../components/SupportMailHint.tsx';
import { useBrand } from '../../../config/brand.tsx';
import { useErrorText } from '../../../lib/errors.ts';
import { InfoTip } from './InfoTip.tsx';

interface CodeSectionProps {
  form: UseFormReturn<RegisterFormValues>;
  checking: boolean;
  codeValid: boolean;
  showSupport: boolean;
  generalError: ErrorTextKey | null;
  onCheck: () => void;
}

/** "Do you have an activation code?" with the code (and tracker) fields and the OK check. */
export function CodeSection({
  form,
  checking,
  codeValid,
  showSupport,
  generalError,
  onCheck,
}: CodeSectionProps) {
  const { t } = useTranslation(['auth', 'errors']);
  const brand = useBrand();
  const fieldError = useErrorText();
  const { control, register, formState, watch } = form;
  const option = watch('code_option');

  return (
    <Stack gap="md">
      <Controller
        control={control}
        name="code_option"
        render={({ field }) => (
          <Radio.Group
            size="md"
            label={t('register.codeQuestion')}
            value={field.value}
            onChange={field.onChange}
            name={field.name}
          >
            <Stack gap="xs" mt="xs">
              {brand.codeOptions.map((value) => (
                <Radio key={value} value={value} label={t(`register.codeOptions.${value}`)} />
              ))}
            </Stack>
          </Radio.Group>
        )}
      />

      {option === 'no' ? (
        <Stack gap="sm" p="md" bg="var(--mantine-primary-color-light)" style={{ borderRadius: 12 }}>
          <Text size="sm">{t('register.noCodeText')}</Text>
          <Button
            component="a"
            href={brand.links.shop}
            target="_blank"
            rel="noopener noreferrer"
            rightSection={<IconExternalLink size={16} />}
            w="fit-content"
          >
            {t('register.toProducts')}
          </Button>
        </Stack>
      ) : null}

      {option === 'yes' ? (
        <Stack gap="sm">
          <TextInput
            label={t('register.activationCode')}
            autoComplete="off"
            size="md"
            required
            rightSection={
              <InfoTip
                label={t('register.activationCodeInfoLabel')}
                text={t('register.activationCodeInfo')}
              />
            }
            error={fieldError(formState.errors.activation_code?.message)}
            {...register('activation_code')}
          />
          {brand.requiresTracker ? (
            <TextInput
              label={t('register.trackerId')}
              autoComplete="off"
              size="md"
              required
              rightSection={
                <InfoTip label={t('register.trackerIdInfoLabel')} text={t('register.trackerIdInfo')} />
              }
              error={fieldError(formState.errors.tracker_id?.message)}
              {...register('tracker_id')}
            />
          ) : null}
          {showSupport ? <SupportMailHint /> : null}
          {generalError ? <FormAlert>{t(`errors:${generalError}`)}</FormAlert> : null}
          <Group gap="md">
            <Button variant="light" onClick={onCheck} loading={checking} disabled={checking}>
              {t('register.checkCode')}
            </Button>
            {codeValid ? (
              <Group gap={6} c="teal.8" role="status">
                <IconCircleCheck size={18} />
                <Text size="sm" fw={500}>
                  {t('register.codeValid')}
                </Text>
              </Group>
            ) : null}
          </Group>
        </Stack>
      ) : null}
    </Stack>
  );
}
