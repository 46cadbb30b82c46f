import { Accordion, Badge, Group, Stack, Text } from '@mantine/core';
import type { Contact } from '@pet/shared';
import { IconCategoryPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddContactForm } from './AddContactForm.tsx';
import { ContactTypeIcon } from './ContactTypeIcon.tsx';
import { ContactTypePanel } from './ContactTypePanel.tsx';
import { groupByType, useContactTypeLabel } from './contactTypes.ts';

interface ContactsByTypeProps {
  petId: string;
  contacts: readonly Contact[];
  /** The owner's other pets, offered as "also add to". */
  otherPets: ReadonlyArray<{ id: string; name: string }>;
  /** A sitter's: contacts open into their details, no add and no "new type" (issue 45). */
  readOnly?: boolean;
}

/** The accordions' values: a type's own, and the "new type" one (no type can collide with it). */
const typeValue = (type: string) => `type:${type}`;
const NEW_TYPE = 'new-type';

/**
 * One accordion per contact type (spec 2 section 2): the predefined ones, then the pet's custom ones, and
 * last one to add a contact of a new type. Several can be open; a saved contact's type opens.
 */
export function ContactsByType({ petId, contacts, otherPets, readOnly = false }: ContactsByTypeProps) {
  const { t, i18n } = useTranslation('contacts');
  const label = useContactTypeLabel();
  const groups = useMemo(() => groupByType(contacts, i18n.language), [contacts, i18n.language]);
  const types = groups.map((group) => group.type);
  const customTypes = groups.filter((group) => !group.predefined).map((group) => group.type);
  const [open, setOpen] = useState<string[]>([]);

  const showSaved = (type: string) =>
    setOpen((current) => [
      ...current.filter((v) => v !== NEW_TYPE && v !== typeValue(type)),
      typeValue(type),
    ]);

  return (
    <Accordion
      multiple
      variant="separated"
      radius="md"
      order={2}
      keepMounted={false}
      value={open}
      onChange={setOpen}
      styles={{ item: { backgroundColor: 'var(--mantine-color-body)' } }}
    >
      {groups.map((group) => (
        <Accordion.Item key={group.type} value={typeValue(group.type)} data-testid="contact-type">
          <Accordion.Control icon={<ContactTypeIcon type={group.type} />}>
            <Group gap="sm" wrap="nowrap">
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {label(group.type)}
              </Text>
              <Badge variant="light" radius="sm" color={group.contacts.length > 0 ? undefined : 'gray'}>
                {group.contacts.length}
              </Badge>
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            <ContactTypePanel
              petId={petId}
              type={group.type}
              contacts={group.contacts}
              types={types}
              customTypes={customTypes}
              otherPets={otherPets}
              onSaved={showSaved}
              readOnly={readOnly}
            />
          </Accordion.Panel>
        </Accordion.Item>
      ))}
      {readOnly ? null : (
        <Accordion.Item value={NEW_TYPE} data-testid="contact-new-type">
          <Accordion.Control icon={<IconCategoryPlus size={20} stroke={1.6} aria-hidden />}>
            <Text fw={600}>{t('list.newType')}</Text>
          </Accordion.Control>
          <Accordion.Panel>
            <Stack gap="md">
              <Text size="sm" c="dimmed">
                {t('list.newTypeHint')}
              </Text>
              <AddContactForm
                petId={petId}
                typeField={{ kind: 'new' }}
                initialType=""
                customTypes={customTypes}
                otherPets={otherPets}
                onSaved={showSaved}
              />
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
      )}
    </Accordion>
  );
}
