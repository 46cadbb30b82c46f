import { Badge, Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import type { DocumentType, PetDocument } from '@pet/shared';
import { documentPath, type DocumentHub as Hub } from '@pet/shared/paths';
import {
  IconBone,
  IconCertificate,
  IconChevronRight,
  IconClipboardHeart,
  IconFileDescription,
  IconFileInvoice,
  IconFiles,
  IconFlask,
  IconId,
  IconPhoto,
  IconPrescription,
  IconReceiptTax,
  IconShieldCheck,
  IconWaveSine,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBrand } from '../../../config/brand.tsx';
import { countsOf, listsOf, typeTextKey } from './documentPages.ts';

type Icon = ComponentType<{ size?: number; stroke?: number }>;

export const TYPE_ICONS: Record<DocumentType, Icon> = {
  'Certificate of Descent': IconCertificate,
  'EU Pet Passport': IconId,
  Insurance: IconShieldCheck,
  'Dog Tax': IconReceiptTax,
  Bills: IconFileInvoice,
  Others: IconFiles,
  Prescriptions: IconPrescription,
  'Laboratory Findings': IconFlask,
  'X-rays': IconBone,
  'Ultrasound Images': IconWaveSine,
  Diagnoses: IconClipboardHeart,
  Photos: IconPhoto,
  'Other Findings': IconFileDescription,
};

/** A row per list of the hub with its count, each linking to its list page (spec 2 section 2). */
export function DocumentHub({
  hub,
  pet,
  items,
}: {
  hub: Hub;
  pet: { id: string; name: string };
  items: readonly PetDocument[];
}) {
  const { t } = useTranslation('documents');
  const brand = useBrand();
  const counts = countsOf(items);
  return (
    <Stack component="nav" aria-label={t('hub.listsLabel')} gap="sm">
      {listsOf(hub).map(({ list, type }) => {
        const TypeIcon = TYPE_ICONS[type];
        const count = counts[type] ?? 0;
        const key = typeTextKey(type, brand);
        return (
          <Card
            key={String(list)}
            component={Link}
            to={documentPath(pet, hub, list)}
            withBorder
            padding="md"
            data-testid={`document-list-${String(list)}`}
          >
            <Group wrap="nowrap" gap="md">
              <ThemeIcon size={42} radius="md" variant="light">
                <TypeIcon size={22} stroke={1.6} />
              </ThemeIcon>
              <div style={{ flex: 1, minWidth: 0 }}>
                <Text fw={600}>{t(`types.${key}`)}</Text>
                <Text size="sm" c="dimmed" lineClamp={2}>
                  {t(`descriptions.${key}`)}
                </Text>
              </div>
              <Badge variant={count > 0 ? 'light' : 'outline'} color={count > 0 ? undefined : 'gray'}>
                {t('hub.count', { count })}
              </Badge>
              <IconChevronRight size={18} color="var(--mantine-color-gray-5)" aria-hidden />
            </Group>
          </Card>
        );
      })}
    </Stack>
  );
}
