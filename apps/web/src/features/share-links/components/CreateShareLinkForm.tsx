import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, Group, Select } from '@mantine/core';
import { type CreatedShareLink, createShareLinkSchema } from '@pet/shared';
import { IconLink } from '@tabler/icons-react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAppForm } from '../../../lib/forms.ts';
import { useCreateShareLink } from '../api/useShareLinkMutations.ts';
import {
  DAY_CHOICES,
  type ShareLinkFormValues,
  type ShareLinkRequest,
  shareLinkDefaults,
} from './shareLinkForm.ts';

/** How long the new link works (1 to 30 days) and whether it shows the documents; answers the new link. */
export function CreateShareLinkForm({
  petId,
  onCreated,
  onFailed,
}: {
  petId: string;
  onCreated: (link: CreatedShareLink) => void;
  onFailed: (error: unknown) => void;
}) {
  const { t } = useTranslation('share');
  const create = useCreateShareLink(petId);
  const form = useAppForm<ShareLinkFormValues, unknown, ShareLinkRequest>({
    defaultValues: shareLinkDefaults,
    resolver: zodResolver(createShareLinkSchema),
  });
  const submit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (link) => {
        form.reset(shareLinkDefaults);
        onCreated(link);
      },
      onError: onFailed,
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" gap="md" wrap="wrap">
        <Controller
          control={form.control}
          name="days"
          render={({ field }) => (
            <Select
              label={t('card.days')}
              data={DAY_CHOICES.map((days) => ({
                value: String(days),
                label: t('card.dayOption', { count: days }),
              }))}
              value={String(field.value)}
              onChange={(value) => field.onChange(Number(value))}
              onBlur={field.onBlur}
              ref={field.ref}
              allowDeselect={false}
              w={160}
              comboboxProps={{ withinPortal: true }}
            />
          )}
        />
        <Checkbox
          label={t('card.includeDocuments')}
          description={t('card.includeDocumentsHint')}
          {...form.register('include_documents')}
          style={{ flex: 1, minWidth: 220 }}
          mb={4}
        />
        <Button type="submit" leftSection={<IconLink size={16} stroke={1.7} />} loading={create.isPending}>
          {t('card.create')}
        </Button>
      </Group>
    </form>
  );
}
