import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, TextInput, type TextInputProps } from '@mantine/core';
import type { MyInfo } from '@pet/shared';
import type { ErrorTextKey } from '@pet/shared/errors';
import { IconKey, IconMapPin } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { SupportMailHint } from '../../../components/SupportMailHint.tsx';
import { useErrorText } from '../../../lib/errors.ts';
import { useAppForm } from '../../../lib/forms.ts';
import { useActivateProduct } from '../api/usePlanMutations.ts';
import { activationErrors } from './activationErrors.ts';
import { type ActivationFormValues, activationFormSchema } from './activationSchema.ts';

interface ActivateProductFormProps {
  /** Ask for the GPS tracker id too (tier-fritz users without one). */
  trackerShown: boolean;
  /** The code was accepted; `me` is the new myinfo when the answer carried it. */
  onActivated: (me: MyInfo | null) => Promise<void> | void;
}

/** A code copied from a card or a device: typed as it is (no autofill or spell check), its hint under it. */
const CODE_INPUT = {
  inputWrapperOrder: ['label', 'input', 'description', 'error'],
  styles: { description: { marginTop: 6 } },
  autoComplete: 'off',
  autoCapitalize: 'characters',
  spellCheck: false,
  size: 'md',
  required: true,
} satisfies TextInputProps;

/**
 * Activation code (and tracker id): validated on blur, Send enabled once something was typed, each refusal
 * of POST /v1/subscription/change/apply under its field in the user's language.
 */
export function ActivateProductForm({ trackerShown, onActivated }: ActivateProductFormProps) {
  const { t } = useTranslation(['plans', 'errors']);
  const fieldError = useErrorText();
  const schema = useMemo(() => activationFormSchema(trackerShown), [trackerShown]);
  const { register, handleSubmit, formState, setError } = useAppForm<ActivationFormValues>({
    resolver: zodResolver(schema),
    defaultValues: { emergency_code: '', gps_tracker_id: '' },
  });
  const [support, setSupport] = useState(false);
  const [general, setGeneral] = useState<ErrorTextKey | null>(null);
  const apply = useActivateProduct();

  const onSubmit = handleSubmit(async (values) => {
    setSupport(false);
    setGeneral(null);
    const tracker = (values.gps_tracker_id ?? '').trim();
    let me: MyInfo | null;
    try {
      me = await apply.mutateAsync({
        activation_code: values.emergency_code.trim(),
        ...(trackerShown ? { tracker_ids: [tracker] } : {}),
      });
    } catch (error) {
      const result = activationErrors(error, trackerShown);
      if (result.code) setError('emergency_code', { type: 'server', message: result.code });
      if (result.tracker) setError('gps_tracker_id', { type: 'server', message: result.tracker });
      setSupport(Boolean(result.support));
      setGeneral(result.general ?? null);
      return;
    }
    await onActivated(me);
  });

  const pending = apply.isPending || formState.isSubmitting;

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('activate.code')}
          description={t('activate.codeHint')}
          {...CODE_INPUT}
          leftSection={<IconKey size={18} stroke={1.6} />}
          error={fieldError(formState.errors.emergency_code?.message)}
          {...register('emergency_code')}
        />
        {support ? <SupportMailHint /> : null}
        {trackerShown ? (
          <TextInput
            label={t('activate.tracker')}
            description={t('activate.trackerHint')}
            {...CODE_INPUT}
            leftSection={<IconMapPin size={18} stroke={1.6} />}
            error={fieldError(formState.errors.gps_tracker_id?.message)}
            {...register('gps_tracker_id')}
          />
        ) : null}
        {general ? <FormAlert>{t(`errors:${general}`)}</FormAlert> : null}
        <Group justify="flex-end">
          <Button type="submit" size="md" loading={pending} disabled={pending || !formState.isDirty}>
            {t('activate.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
