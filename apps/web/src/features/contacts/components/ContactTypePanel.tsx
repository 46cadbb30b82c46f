import { Accordion, Button, Paper, Stack, Text } from '@mantine/core';
import type { Contact } from '@pet/shared';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddContactForm } from './AddContactForm.tsx';
import { ContactDetails } from './ContactDetails.tsx';
import { ContactSummary } from './ContactSummary.tsx';
import { useContactTypeLabel } from './contactTypes.ts';
import { EditContactForm } from './EditContactForm.tsx';

interface ContactTypePanelProps {
  petId: string;
  type: string;
  contacts: readonly Contact[];
  /** Every type of the page, for the type field. */
  types: readonly string[];
  customTypes: readonly string[];
  otherPets: ReadonlyArray<{ id: string; name: string }>;
  onSaved: (contactType: string) => void;
  /** A sitter's: each contact opens into its details, no add (issue 45). */
  readOnly?: boolean;
}

/** Inside a type's accordion: its contacts, each opening into its edit form, and "add" for this type. */
export function ContactTypePanel({
  petId,
  type,
  contacts,
  types,
  customTypes,
  otherPets,
  onSaved,
  readOnly = false,
}: ContactTypePanelProps) {
  const { t } = useTranslation('contacts');
  const label = useContactTypeLabel();
  const [open, setOpen] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);

  return (
    <Stack gap="md">
      {contacts.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('list.noneOfType')}
        </Text>
      ) : (
        <Accordion
          variant="contained"
          radius="md"
          order={3}
          keepMounted={false}
          value={open}
          onChange={setOpen}
        >
          {contacts.map((contact) => (
            <Accordion.Item key={contact.id} value={contact.id} data-testid="contact-row">
              <Accordion.Control>
                <ContactSummary contact={contact} />
              </Accordion.Control>
              <Accordion.Panel>
                {readOnly ? (
                  <ContactDetails contact={contact} />
                ) : (
                  <EditContactForm
                    contact={contact}
                    types={types}
                    onSaved={(saved) => {
                      setOpen(null);
                      onSaved(saved);
                    }}
                  />
                )}
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
      {readOnly ? null : adding ? (
        <Paper withBorder p="md" radius="md">
          <AddContactForm
            petId={petId}
            typeField={{ kind: 'select', types }}
            initialType={type}
            customTypes={customTypes}
            otherPets={otherPets}
            onSaved={(saved) => {
              setAdding(false);
              onSaved(saved);
            }}
            onCancel={() => setAdding(false)}
          />
        </Paper>
      ) : (
        <Button
          variant="light"
          leftSection={<IconPlus size={16} stroke={1.8} />}
          onClick={() => setAdding(true)}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('list.addOfType', { type: label(type) })}
        </Button>
      )}
    </Stack>
  );
}
