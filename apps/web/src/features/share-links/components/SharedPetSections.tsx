import { Anchor, Avatar, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  type Contact,
  isPredefinedContactType,
  MEDICAL_TYPES,
  opensInBrowser,
  type PetDocument,
  type PetProfile,
  parseDocUrl,
  type SharedMedicalRecord,
  sortWeightsNewestFirst,
} from '@pet/shared';
import { IconDownload, IconExternalLink, IconPaw } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand, useBrandTextContext } from '../../../config/brand.tsx';
import { typeTextKey } from '../../../lib/documentTypes.ts';

// The parts of the page a share link opens: the pet's head, its contacts, its medical data by category and
// its documents with their files. Read-only; texts come from the namespaces of the screens that edit them.

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section">
      <Title order={2} fz="lg" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed" fs="italic">
      {children}
    </Text>
  );
}

/** Label and value pairs, only those with a value. */
function Details({ rows }: { rows: Array<[label: string, value: string | null | undefined]> }) {
  const shown = rows.filter(([, value]) => value?.trim());
  if (shown.length === 0) return null;
  return (
    <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing={4} verticalSpacing={4} m={0}>
      {shown.map(([label, value]) => (
        <Group key={label} gap={6} wrap="nowrap" align="baseline">
          <Text component="dt" size="xs" fw={700} c="dimmed">
            {label}:
          </Text>
          <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {value}
          </Text>
        </Group>
      ))}
    </SimpleGrid>
  );
}

export function SharedPetHead({ pet }: { pet: PetProfile }) {
  const { t } = useTranslation(['share', 'pets']);
  const [latest] = sortWeightsNewestFirst(pet.weights);
  const kind = [t(`pets:species.${pet.pet_type}`), pet.race].filter(Boolean).join(' · ');
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
      <Group gap="xl" wrap="wrap">
        <Avatar
          src={pet.image_url}
          alt={t('page.pictureAlt', { name: pet.name })}
          size={112}
          radius={112}
          imageProps={{ referrerPolicy: 'no-referrer' }}
        >
          <IconPaw size={48} stroke={1.4} />
        </Avatar>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Title order={1} fz={{ base: 26, sm: 30 }} style={{ overflowWrap: 'anywhere' }}>
            {pet.name}
          </Title>
          <Text c="dimmed">{kind}</Text>
          {latest ? (
            <Text size="sm" c="dimmed">
              {t('page.weight', { weight: latest.weight, date: latest.date })}
            </Text>
          ) : null}
        </Stack>
      </Group>
    </Paper>
  );
}

export function SharedContacts({ contacts }: { contacts: Contact[] }) {
  const { t } = useTranslation(['share', 'contacts']);
  const textContext = useBrandTextContext();
  const typeLabel = (type: string) =>
    isPredefinedContactType(type) ? t(`contacts:types.${type}`, textContext) : type;
  return (
    <Section title={t('page.contacts')}>
      {contacts.length === 0 ? <Empty>{t('page.noContacts')}</Empty> : null}
      <Stack gap="md">
        {contacts.map((contact) => (
          <div key={contact.id}>
            <Group gap="xs" mb={4}>
              <Text fw={600}>{[contact.title, contact.name].filter(Boolean).join(' ')}</Text>
              <Badge variant="light" size="sm">
                {typeLabel(contact.contact_type)}
              </Badge>
            </Group>
            <Details
              rows={[
                [t('contacts:fields.phone'), contact.phone],
                [t('contacts:fields.email'), contact.email],
                [
                  t('contacts:fields.address'),
                  [contact.address, [contact.zip, contact.city].filter(Boolean).join(' '), contact.country]
                    .filter(Boolean)
                    .join(', '),
                ],
                [t('contacts:fields.vet_since'), contact.doctor_since],
              ]}
            />
          </div>
        ))}
      </Stack>
    </Section>
  );
}

function MedicalEntry({ record }: { record: SharedMedicalRecord }) {
  const { t } = useTranslation(['share', 'medical']);
  const yes = (value: boolean | null) => (value ? t('page.yes') : null);
  const field = (name: string) => t(`medical:fields.${name}` as 'medical:fields.date');
  return (
    <div>
      <Text fw={600}>{record.name}</Text>
      <Details
        rows={[
          [field('date'), record.date],
          [field('known_since'), record.known_since],
          [field('still_acute'), yes(record.still_acute)],
          [field('surgery_type'), record.surgery_type ? t(`medical:choices.${record.surgery_type}`) : null],
          [field('manufacturer'), record.manufacturer],
          [field('batch_number'), record.batch_number],
          [field('reason'), record.reason],
          [field('dosage'), record.dosage],
          [
            field('taking_schedule'),
            record.taking_schedule
              .map((time) => t(`medical:choices.schedule.${time}` as 'medical:choices.yes'))
              .join(', '),
          ],
          [field('taking_from'), record.taking_from],
          [field('taking_to'), record.taking_to],
          [field('in_use'), yes(record.in_use)],
          [field('prescription'), yes(record.prescription)],
          [field('pharma_central_number'), record.pharma_central_number],
          [field('next_due_date'), record.next_due_date],
          [field('executing_person'), record.executing_person],
          [field('executing_organization'), record.executing_organization],
          [field('comments'), record.comments],
        ]}
      />
    </div>
  );
}

/** Every category in the medical screens' order; the records of each as the owner's list orders them. */
export function SharedMedical({ records }: { records: SharedMedicalRecord[] }) {
  const { t } = useTranslation(['share', 'medical']);
  const groups = MEDICAL_TYPES.map((type) => ({
    type,
    records: records.filter((record) => record.medical_type === type),
  })).filter((group) => group.records.length > 0);
  return (
    <Section title={t('page.medical')}>
      {groups.length === 0 ? <Empty>{t('page.noMedical')}</Empty> : null}
      <Stack gap="lg">
        {groups.map((group) => (
          <section key={group.type} aria-label={t(`medical:categories.${group.type}`)}>
            <Title order={3} fz="sm" c="dimmed" tt="uppercase" lts={0.4} mb="xs">
              {t(`medical:categories.${group.type}`)}
            </Title>
            <Stack gap="sm">
              {group.records.map((record) => (
                <MedicalEntry key={record.id} record={record} />
              ))}
            </Stack>
          </section>
        ))}
      </Stack>
    </Section>
  );
}

export function SharedDocuments({ documents }: { documents: PetDocument[] }) {
  const { t } = useTranslation(['share', 'documents']);
  const brand = useBrand();
  return (
    <Section title={t('page.documents')}>
      {documents.length === 0 ? <Empty>{t('page.noDocuments')}</Empty> : null}
      <Stack gap="md">
        {documents.map((document) => (
          <div key={document.id}>
            <Group gap="xs" mb={4}>
              <Text fw={600}>{document.description}</Text>
              <Badge variant="light" size="sm">
                {t(`documents:types.${typeTextKey(document.document_type, brand)}`)}
              </Badge>
            </Group>
            <Stack gap={4}>
              {document.doc_url.map((entry) => {
                const file = parseDocUrl(entry);
                if (!file) return null;
                const opens = opensInBrowser(file.type);
                return (
                  <Anchor
                    key={file.url}
                    href={file.url}
                    size="sm"
                    referrerPolicy="no-referrer"
                    {...(opens ? { target: '_blank', rel: 'noopener noreferrer' } : { download: file.name })}
                  >
                    <Group gap={6} component="span" wrap="nowrap">
                      {opens ? <IconExternalLink size={14} /> : <IconDownload size={14} />}
                      {t(opens ? 'page.open' : 'page.download', { name: file.name || document.description })}
                    </Group>
                  </Anchor>
                );
              })}
            </Stack>
          </div>
        ))}
      </Stack>
    </Section>
  );
}
