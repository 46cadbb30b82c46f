import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetchMock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { MyAppointmentsPage } from '../routes/MyAppointmentsPage.tsx';
import { BELLO, dayFromToday, fakeAppointment, meWithAppointments } from '../test/fakeAppointments.ts';

const SLOW = { timeout: 4000 };
const MY = '/dashboard/my-appointments';

// jsdom has no object URLs; the download test fakes them and this puts the originals back.
const { createObjectURL, revokeObjectURL } = URL;

afterEach(() => {
  notifications.clean();
  vi.restoreAllMocks();
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});

function setup(brand: 'petention' | 'animal-care' = 'petention') {
  let list = [
    fakeAppointment({
      appointment_id: 'appt-1',
      appointment_reason: 'Annual check-up',
      appointment_reminder_date: dayFromToday(6),
      appointment_reminder_time: '08:00',
    }),
  ];
  const server = mockFetch({
    'GET /v1/auth/myinfo': { body: meWithAppointments([BELLO]) },
    'GET /v1/appointment/myappointments': () => ({ body: list }),
    'PUT /v1/appointment': ({ body }) => {
      const b = body as Record<string, string | null>;
      list = [{ ...list[0]!, appointment_reason: b.reason ?? '' }];
      return {
        body: {
          id: 'appt-1',
          pet_id: BELLO.id,
          pet_name: BELLO.name,
          appointment_type: b.appointment_type,
          reason: b.reason,
          appointment_date: b.appointment_date,
          appointment_time: b.appointment_time,
          vet_name: b.vet_name,
          address: b.address,
          zip: b.zip,
          city: b.city,
          country: b.country,
          phone: b.phone,
          email: b.email,
          medication: b.medication,
          comments: b.comments,
          vaccination_type: b.vaccination_type,
          reminder_date: b.reminder_date ?? null,
          reminder_time: b.reminder_time ?? null,
          reminder_time_zone: 'Europe/Berlin',
          reminder_sent_at: null,
          created_at: '2025-01-01T10:00:00.000Z',
          is_upcoming: true,
        },
      };
    },
    'DELETE /v1/appointment': () => {
      list = [];
      return { status: 204 };
    },
    'GET /v1/appointment/ics': { body: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n' },
  });
  renderRoutes([{ path: MY, element: <MyAppointmentsPage /> }], { url: MY, brand });
  return server;
}

async function openRow(reason = 'Annual check-up') {
  const control = await screen.findByRole('button', { name: new RegExp(reason) }, SLOW);
  fireEvent.click(control);
  return screen.findByRole('button', { name: 'Save' }, SLOW);
}

describe('inline edit form', () => {
  it('a row expands into its form with the stored values', async () => {
    setup();
    await openRow();
    expect((screen.getByLabelText(/^Reason/, { selector: 'input' }) as HTMLInputElement).value).toBe(
      'Annual check-up',
    );
    expect((screen.getByLabelText(/^Time/, { selector: 'input' }) as HTMLInputElement).value).toBe('14:30');
    expect(screen.getByRole('radio', { name: 'Examination' }).getAttribute('aria-checked')).toBe('true');
    // The pet cannot change; its name is shown for information.
    expect((screen.getByRole('textbox', { name: 'Pet' }) as HTMLInputElement).readOnly).toBe(true);
  });

  it('animal-care shows no pet name in the edit form', async () => {
    setup('animal-care');
    await openRow();
    expect(screen.queryByRole('textbox', { name: 'Pet' })).toBeNull();
  });

  it('Save sends PUT /v1/appointment?appt_id= with the changed values, then the list refreshes', async () => {
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
      ...new Intl.DateTimeFormat().resolvedOptions(),
      timeZone: 'Europe/Vienna',
    });
    const server = setup();
    const save = await openRow();
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByLabelText(/^Reason/, { selector: 'input' }), {
      target: { value: 'Teeth cleaning' },
    });
    fireEvent.click(screen.getByRole('radio', { name: 'Operation' }));
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    fireEvent.click(save);

    await waitFor(() => expect(server.find('PUT', '/v1/appointment')).toHaveLength(1), SLOW);
    const sent = server.find('PUT', '/v1/appointment')[0]!;
    expect(sent.url.searchParams.get('appt_id')).toBe('appt-1');
    expect(sent.body).toMatchObject({
      appointment_type: 'Operation',
      reason: 'Teeth cleaning',
      appointment_date: dayFromToday(7),
      appointment_time: '14:30',
      reminder_date: dayFromToday(6),
      reminder_time: '08:00',
      reminder_time_zone: 'Europe/Vienna',
      country: 'DE',
      vaccination_type: null,
    });
    expect(await screen.findByText('The appointment has been saved.', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(server.find('GET', '/v1/appointment/myappointments')).toHaveLength(2));
  });

  it('emptying the reminder removes it: PUT without reminder fields', async () => {
    const server = setup();
    const save = await openRow();
    const reminderDate = screen.getByLabelText(/^E-mail reminder/, { selector: 'input' });
    fireEvent.change(reminderDate, { target: { value: '' } });
    fireEvent.change(screen.getByLabelText(/^Reminder time/, { selector: 'input' }), {
      target: { value: '' },
    });
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    fireEvent.click(save);
    await waitFor(() => expect(server.find('PUT', '/v1/appointment')).toHaveLength(1), SLOW);
    const body = server.find('PUT', '/v1/appointment')[0]!.body as Record<string, unknown>;
    expect(body).not.toHaveProperty('reminder_date');
    expect(body).not.toHaveProperty('reminder_time');
  });

  it('Delete asks first; cancelling sends nothing, confirming sends DELETE and the row goes', async () => {
    const server = setup();
    await openRow();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    expect(within(dialog).getByText('Delete this appointment?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.find('DELETE', '/v1/appointment')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', {}, SLOW)).getByRole('button', { name: 'Delete appointment' }),
    );
    await waitFor(() => expect(server.find('DELETE', '/v1/appointment')).toHaveLength(1), SLOW);
    expect(server.find('DELETE', '/v1/appointment')[0]!.url.searchParams.get('appt_id')).toBe('appt-1');
    expect(await screen.findByText('No appointments yet', {}, SLOW)).toBeTruthy();
  });

  it('Download .ics fetches the calendar file and hands it to the browser', async () => {
    const created: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:ics';
    });
    URL.revokeObjectURL = vi.fn();
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const server = setup();
    await openRow();
    fireEvent.click(screen.getByRole('button', { name: 'Download .ics' }));
    await waitFor(() => expect(clicked).toHaveLength(1), SLOW);
    expect(server.find('GET', '/v1/appointment/ics')[0]!.url.searchParams.get('appt_id')).toBe('appt-1');
    const [year, month, day] = dayFromToday(7).split('.').reverse();
    expect(clicked[0]!.download).toBe(`appointment-${year}-${month}-${day}-1430.ics`);
    expect(await created[0]!.text()).toContain('BEGIN:VCALENDAR');
  });
});
