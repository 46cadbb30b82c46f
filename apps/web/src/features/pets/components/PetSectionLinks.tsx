import { Card, Group, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import type { PetRole } from '@pet/shared';
import { type PetSection, petPath } from '@pet/shared/paths';
import {
  IconCalendarEvent,
  IconChevronRight,
  IconFolder,
  IconMicroscope,
  IconPencil,
  IconStethoscope,
  IconUsers,
} from '@tabler/icons-react';
import { type ComponentType, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBrandTextContext } from '../../../config/brand.tsx';
import { canWrite } from '../../../lib/pets/petRole.ts';

type Icon = ComponentType<{ size?: number; stroke?: number }>;

const SECTIONS: ReadonlyArray<{ section: PetSection; icon: Icon }> = [
  { section: 'my-pet', icon: IconPencil },
  { section: 'appointments', icon: IconCalendarEvent },
  { section: 'medical-data', icon: IconStethoscope },
  { section: 'document-safe', icon: IconFolder },
  { section: 'contacts', icon: IconUsers },
  { section: 'vet-findings', icon: IconMicroscope },
];

/** Cards to the pet's own pages: edit profile, appointments, medical data, documents, contacts, findings. */
export function PetSectionLinks({ pet }: { pet: { id: string; name: string; role?: PetRole } }) {
  const { t } = useTranslation('pets');
  const titleId = useId();
  const textContext = useBrandTextContext();
  return (
    <section aria-labelledby={titleId}>
      <Title order={2} fz="lg" mb="sm" id={titleId}>
        {t('details.sectionsTitle', textContext)}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing={{ base: 'sm', sm: 'md' }}>
        {/* Editing the profile is not a sitter's. */}
        {SECTIONS.filter(({ section }) => section !== 'my-pet' || canWrite(pet.role)).map(
          ({ section, icon: SectionIcon }) => (
            <Card key={section} component={Link} to={petPath(pet, section)} withBorder padding="md">
              <Group wrap="nowrap" gap="md">
                <ThemeIcon size={42} radius="md" variant="light">
                  <SectionIcon size={22} stroke={1.6} />
                </ThemeIcon>
                <div style={{ flex: 1, minWidth: 0 }}>
                  <Text fw={600}>{t(`details.sections.${section}.title`)}</Text>
                  <Text size="sm" c="dimmed" lineClamp={2}>
                    {t(`details.sections.${section}.description`)}
                  </Text>
                </div>
                <IconChevronRight size={18} color="var(--mantine-color-gray-5)" aria-hidden />
              </Group>
            </Card>
          ),
        )}
      </SimpleGrid>
    </section>
  );
}
