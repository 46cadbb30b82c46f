import { notifications } from '@mantine/notifications';
import type { MedicalListItem } from '@pet/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeItem, fakeRecord, meOnFreePlan, PET_URL } from '../test/fakeMedical.ts';
import { renderMedical } from '../test/renderMedical.tsx';

const SLOW = { timeout: 4000 };
const MEDICATIONS = `${PET_URL}/medications`;

afterEach(() => {
  notifications.clean();
});

function setup(me?: unknown) {
  let list: MedicalListItem[] = [
    fakeItem({
      id: 'med-7',
      medical_type: 'medication',
      name: 'Apoquel',
      dosage: '16 mg',
      taking_schedule: [0],
      in_use: true,
      comments: 'With food',
    }),
  ];
  const view = renderMedical(MEDICATIONS, {
    me,
    records: () => list,
    handlers: {
      'PUT /v1/medical/medication': ({ body }) => {
        const record = fakeRecord({ ...(body as object), id: 'med-7', medical_type: 'medication' });
        list = [fakeItem(record)];
        return { body: record };
      },
      'DELETE /v1/medical': () => {
        list = [];
        return { status: 204 };
      },
    },
  });
  return view;
}

async function openRow(name = 'Apoquel') {
  fireEvent.click(await screen.findByRole('button', { name: new RegExp(name) }, SLOW));
  return screen.findByRole('button', { name: 'Save' }, SLOW);
}

describe('inline edit form', () => {
  it('a row expands into its form with the stored values; Save sends PUT ?med_id= and collapses the row', async () => {
    const { server } = setup();
    const save = await openRow();
    const dosage = screen.getByLabelText(/^Dosage/, { selector: 'input' }) as HTMLInputElement;
    expect(dosage.value).toBe('16 mg');
    expect((screen.getByRole('checkbox', { name: 'Mornings' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('comments-counter').textContent).toBe('9/100');
    expect(save.hasAttribute('disabled')).toBe(true);

    fireEvent.change(dosage, { target: { value: '8 mg' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Noons' }));
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    fireEvent.click(save);
    await waitFor(() => expect(server.find('PUT', '/v1/medical/medication')).toHaveLength(1), SLOW);
    const sent = server.find('PUT', '/v1/medical/medication')[0]!;
    expect(sent.url.searchParams.get('med_id')).toBe('med-7');
    expect(sent.body).toMatchObject({
      name: 'Apoquel',
      dosage: '8 mg',
      taking_schedule: [0, 1],
      in_use: true,
    });
    expect(sent.body).not.toHaveProperty('medical_type');
    expect(await screen.findByText('The entry has been saved.', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save' })).toBeNull(), SLOW);
    await waitFor(() => expect(server.find('GET', '/v1/medical/mypetmedicals')).toHaveLength(2));
  });

  it('Delete asks first; cancelling sends nothing, confirming sends DELETE ?med_id= and shows the emptied list', async () => {
    const { server, router } = setup();
    await openRow();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    expect(within(dialog).getByText('Delete this entry?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.find('DELETE', '/v1/medical')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', {}, SLOW)).getByRole('button', { name: 'Delete entry' }),
    );
    await waitFor(() => expect(server.find('DELETE', '/v1/medical')).toHaveLength(1), SLOW);
    expect(server.find('DELETE', '/v1/medical')[0]!.url.searchParams.get('med_id')).toBe('med-7');
    expect(await screen.findByText('No entries yet', {}, SLOW)).toBeTruthy();
    expect(router.state.location.pathname).toBe(MEDICATIONS);
  });

  it('after a downgrade: Save stays disabled, Delete still works', async () => {
    const { server } = setup(meOnFreePlan());
    const save = await openRow();
    fireEvent.change(screen.getByLabelText(/^Dosage/, { selector: 'input' }), { target: { value: '8 mg' } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', {}, SLOW)).getByRole('button', { name: 'Delete entry' }),
    );
    await waitFor(() => expect(server.find('DELETE', '/v1/medical')).toHaveLength(1), SLOW);
  });

  it('a vaccination without a due date gets the default reminder once a due date is entered', async () => {
    const server = renderMedical(`${PET_URL}/vaccinations`, {
      records: [fakeItem({ id: 'vac-1', medical_type: 'vaccination', name: 'Rabies', date: '01.06.2025' })],
      handlers: {
        'PUT /v1/medical/vaccination': ({ body }) => ({
          body: fakeRecord({ ...(body as object), id: 'vac-1', medical_type: 'vaccination' }),
        }),
      },
    }).server;
    const save = await openRow('Rabies');
    expect(screen.getByText('Enter a next due date to get a reminder.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Next due date/, { selector: 'input' }), {
      target: { value: '01.06.2028' },
    });
    expect(await screen.findByText('The reminder goes out at 9:00 on that day.')).toBeTruthy();
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    fireEvent.click(save);
    await waitFor(() => expect(server.find('PUT', '/v1/medical/vaccination')).toHaveLength(1), SLOW);
    expect(server.find('PUT', '/v1/medical/vaccination')[0]!.body).toMatchObject({
      next_due_date: '01.06.2028',
      reminder_days_before: 14,
    });
  });
});
