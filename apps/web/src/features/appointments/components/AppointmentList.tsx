import { Accordion, Badge, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { AppointmentListItem } from '@pet/shared';
import { IconChevronDown } from '@tabler/icons-react';
import { Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canWrite, usePetRoles } from '../../../lib/pets/petRole.ts';
import { preloadableLazy } from '../../../lib/preloadableLazy.ts';
import { AppointmentDetails } from './AppointmentDetails.tsx';
import { AppointmentSummary } from './AppointmentSummary.tsx';

// The edit form (its fields, date picker and schemas, about 90 KiB) is not part of the list: the page draws
// without it, and it is fetched when a row the user may edit is about to open (pointer over it, or focus on
// it), not with every visit of the page (issue 46).
const EditAppointmentForm = preloadableLazy(
  () => import('./EditAppointmentForm.tsx'),
  (m) => m.EditAppointmentForm,
);

/** Past appointments shown at first and per "show more": a long history stays quick to render. */
export const PAST_PAGE_SIZE = 20;

interface AppointmentListProps {
  /** As the API answers them: upcoming first (soonest first), then past (latest first). */
  items: readonly AppointmentListItem[];
  showPetName: boolean;
  /** The whole list only reads (a sitter's pet page); else each row by its pet's role (issue 45). */
  readOnly?: boolean;
}

function Rows({
  items,
  showPetName,
  readOnly = false,
  open,
  onOpen,
}: AppointmentListProps & { open: string | null; onOpen: (id: string | null) => void }) {
  const { t } = useTranslation('appointments');
  const roleOf = usePetRoles();
  return (
    <Accordion
      variant="separated"
      radius="md"
      order={3}
      keepMounted={false}
      value={open}
      onChange={onOpen}
      styles={{ item: { backgroundColor: 'var(--mantine-color-body)' } }}
    >
      {items.map((item) => {
        const editable = !readOnly && canWrite(roleOf(item.appointment_pet_id));
        const prepare = editable ? () => void EditAppointmentForm.preload() : undefined;
        return (
          <Accordion.Item key={item.appointment_id} value={item.appointment_id} data-testid="appointment-row">
            <Accordion.Control onPointerEnter={prepare} onFocus={prepare}>
              <AppointmentSummary item={item} showPetName={showPetName} />
            </Accordion.Control>
            <Accordion.Panel>
              {!editable ? (
                <AppointmentDetails item={item} />
              ) : (
                <Suspense fallback={<Loader size="sm" aria-label={t('list.loadingForm')} />}>
                  <EditAppointmentForm item={item} />
                </Suspense>
              )}
            </Accordion.Panel>
          </Accordion.Item>
        );
      })}
    </Accordion>
  );
}

/**
 * Upcoming appointments, then a "passed appointments" heading with the past ones (spec 1 section 2). The
 * server decides which is which (is_upcoming, in each appointment's own time zone) and the order. One row
 * at a time is open, in either section.
 */
export function AppointmentList({ items, showPetName, readOnly }: AppointmentListProps) {
  const { t } = useTranslation('appointments');
  const headingId = useId();
  const [open, setOpen] = useState<string | null>(null);
  const [pastShown, setPastShown] = useState(PAST_PAGE_SIZE);
  const upcoming = items.filter((item) => item.is_upcoming);
  const past = items.filter((item) => !item.is_upcoming);
  const remaining = past.length - pastShown;

  return (
    <Stack gap="xl">
      <Stack gap="sm" component="section" aria-labelledby={`${headingId}-upcoming`}>
        <Group gap="xs">
          <Title order={2} fz="lg" id={`${headingId}-upcoming`}>
            {t('list.upcoming')}
          </Title>
          <Badge variant="light" radius="sm">
            {upcoming.length}
          </Badge>
        </Group>
        {upcoming.length > 0 ? (
          <Rows items={upcoming} showPetName={showPetName} readOnly={readOnly} open={open} onOpen={setOpen} />
        ) : (
          <Text c="dimmed" size="sm">
            {t('list.noUpcoming')}
          </Text>
        )}
      </Stack>
      {past.length > 0 ? (
        <Stack gap="sm" component="section" aria-labelledby={`${headingId}-past`}>
          <Group gap="xs">
            <Title order={2} fz="lg" id={`${headingId}-past`}>
              {t('list.past')}
            </Title>
            <Badge variant="light" color="gray" radius="sm">
              {past.length}
            </Badge>
          </Group>
          <Rows
            items={past.slice(0, pastShown)}
            showPetName={showPetName}
            readOnly={readOnly}
            open={open}
            onOpen={setOpen}
          />
          {remaining > 0 ? (
            <Group justify="center">
              <Button
                variant="subtle"
                rightSection={<IconChevronDown size={16} />}
                onClick={() => setPastShown((n) => n + PAST_PAGE_SIZE)}
              >
                {t('list.showMore', { count: Math.min(remaining, PAST_PAGE_SIZE), total: remaining })}
              </Button>
            </Group>
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
