import { notifications } from '@mantine/notifications';
import type { BrandId } from '@pet/shared/brands';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type MockAnswer, mockFetch } from '../../../test/fetchMock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { AddAppointmentPage } from '../routes/AddAppointmentPage.tsx';
import {
  BELLO,
  dayFromToday,
  fakeAppointment,
  MIEZE,
  meOnFreePlan,
  meWithAppointments,
} from '../test/fakeAppointments.ts';

const SLOW = { timeout: 4000 };
const ALL_PETS_ADD = '/dashboard/my-appointments/add-appointment';
const PET_ADD = `/pet-details/Bello/${BELLO.id}/appointments/add-appointment`;

afterEach(() => {
  notifications.clean();
  vi.restoreAllMocks();
});

interface Setup {
  url?: string;
  brand?: BrandId;
  pets?: Array<ReturnType<typeof import('../test/fakeAppointments.ts').fakePet>>;
  me?: unknown;
  post?: MockAnswer | ((request: { url: URL; body: unknown }) => MockAnswer);
}

function setup({ url = ALL_PETS_ADD, brand = 'petention', pets = [BELLO], me, post }: Setup = {}) {
  const server = mockFetch({
    'GET /v1/auth/myinfo': { body: me ?? meWithAppointments(pets) },
    'GET /v1/pet': ({ url: u }) => {
      const id = u.searchParams.get('pet_id');
      if (!id) return { body: pets };
      const pet = pets.find((p) => p.id === id);
      return pet ? { body: pet } : { status: 404, body: { code: 'NOT_FOUND', message: 'Not_Found_Text' } };
    },
    'POST /v1/appointment': post ?? { status: 201, body: { id: 'new' } },
    'POST /v1/log': { status: 204 },
  });
  const view = renderRoutes(
    [
      { path: '/dashboard/my-appointments', element: <p>all appointments list</p> },
      { path: ALL_PETS_ADD, element: <AddAppointmentPage /> },
      { path: '/pet-details/:name/:id/appointments', element: <p>pet appointments list</p> },
      { path: '/pet-details/:name/:id/appointments/add-appointment', element: <AddAppointmentPage /> },
      { path: '/dashboard/new-pet', element: <p>new pet page</p> },
    ],
    { url, brand },
  );
  return { server, ...view };
}

const field = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' });
const reason = () => field(/^Reason/);
const date = () => field(/^Date/);
const time = () => field(/^Time/);
const submit = () => screen.getByRole('button', { name: 'Add appointment' });

async function formReady() {
  return screen.findByRole('radiogroup', { name: /Appointment type/ }, SLOW);
}

function fillRequired(type = 'Examination') {
  fireEvent.click(screen.getByRole('radio', { name: type }));
  fireEvent.change(reason(), { target: { value: 'Annual check-up' } });
  fireEvent.change(date(), { target: { value: dayFromToday(10) } });
  fireEvent.change(time(), { target: { value: '09:15' } });
}

describe('add appointment form', () => {
  it('shows the required-field errors on blur', async () => {
    setup();
    await formReady();
    for (const input of [reason(), date(), time()]) {
      fireEvent.focus(input);
      fireEvent.blur(input);
    }
    await waitFor(() => expect(screen.getAllByText('This field is required.')).toHaveLength(3));
    expect(reason().getAttribute('aria-invalid')).toBe('true');
    expect(time().getAttribute('aria-invalid')).toBe('true');

    fireEvent.click(submit());
    expect(await screen.findByText('Please choose an appointment type.')).toBeTruthy();
  });

  it('asks for the vaccination type only for a vaccination', async () => {
    setup();
    await formReady();
    expect(screen.queryByLabelText(/^Vaccination type/)).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Vaccination' }));
    expect(await screen.findByLabelText(/^Vaccination type/)).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Deworming' }));
    await waitFor(() => expect(screen.queryByLabelText(/^Vaccination type/)).toBeNull());
  });

  it('checks the e-mail address only when one is given', async () => {
    const { server } = setup();
    await formReady();
    const email = field(/^E-mail$/);
    fireEvent.change(email, { target: { value: 'not-an-address' } });
    fireEvent.blur(email);
    expect(await screen.findByText('Please enter a valid e-mail address.')).toBeTruthy();

    fireEvent.change(email, { target: { value: '' } });
    await waitFor(() => expect(screen.queryByText('Please enter a valid e-mail address.')).toBeNull());
    fillRequired();
    fireEvent.click(submit());
    await waitFor(() => expect(server.find('POST', '/v1/appointment')).toHaveLength(1), SLOW);
    expect((server.find('POST', '/v1/appointment')[0]!.body as { email: unknown }).email).toBeNull();
  });

  it('a reminder needs both its date and its time', async () => {
    const { server } = setup();
    await formReady();
    fillRequired();
    fireEvent.change(field(/^E-mail reminder/), { target: { value: dayFromToday(9) } });
    fireEvent.click(submit());
    const reminderTime = field(/^Reminder time/);
    await waitFor(() => expect(reminderTime.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('This field is required.')).toBeTruthy();
    expect(server.find('POST', '/v1/appointment')).toHaveLength(0);

    fireEvent.change(reminderTime, { target: { value: '08:00' } });
    await waitFor(() => expect(reminderTime.getAttribute('aria-invalid')).not.toBe('true'));
    fireEvent.click(submit());
    await waitFor(() => expect(server.find('POST', '/v1/appointment')).toHaveLength(1), SLOW);
  });

  it('sends dd.MM.yyyy dates, HH:mm times and the browser time zone, then goes back to the list', async () => {
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
      ...new Intl.DateTimeFormat().resolvedOptions(),
      timeZone: 'America/New_York',
    });
    const { server } = setup({ pets: [BELLO, MIEZE], url: ALL_PETS_ADD });
    await formReady();
    // The all-pets route on a brand with pet names: the picker, nothing chosen while there is a choice.
    const petPicker = screen.getByRole('combobox', { name: /^Pet/ });
    fireEvent.click(petPicker);
    fireEvent.click(await screen.findByRole('option', { name: 'Mieze', hidden: true }));
    fillRequired('Vaccination');
    fireEvent.change(await screen.findByLabelText(/^Vaccination type/), { target: { value: 'Rabies' } });
    fireEvent.change(field(/^E-mail reminder/), { target: { value: dayFromToday(9) } });
    fireEvent.change(field(/^Reminder time/), { target: { value: '18:45' } });
    fireEvent.click(submit());

    await waitFor(() => expect(server.find('POST', '/v1/appointment')).toHaveLength(1), SLOW);
    const sent = server.find('POST', '/v1/appointment')[0]!;
    expect(sent.url.searchParams.get('pet_id')).toBe(MIEZE.id);
    expect(sent.body).toMatchObject({
      appointment_type: 'Vaccination',
      vaccination_type: 'Rabies',
      reason: 'Annual check-up',
      appointment_date: dayFromToday(10),
      appointment_time: '09:15',
      reminder_date: dayFromToday(9),
      reminder_time: '18:45',
      reminder_time_zone: 'America/New_York',
    });
    expect(dayFromToday(10)).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
    expect(await screen.findByText('all appointments list', {}, SLOW)).toBeTruthy();
  });

  it('reads a typed time as 24-hour HH:mm and refuses one that is not', async () => {
    const { server } = setup();
    await formReady();
    fillRequired();
    fireEvent.change(time(), { target: { value: '25:00' } });
    fireEvent.blur(time());
    expect(await screen.findByText('Please enter a time as HH:MM (24 hours).')).toBeTruthy();
    fireEvent.change(time(), { target: { value: '745' } });
    fireEvent.blur(time());
    await waitFor(() => expect((time() as HTMLInputElement).value).toBe('07:45'));
    fireEvent.click(submit());
    await waitFor(() => expect(server.find('POST', '/v1/appointment')).toHaveLength(1), SLOW);
    expect(server.find('POST', '/v1/appointment')[0]!.body).toMatchObject({ appointment_time: '07:45' });
  });

  it('leaves the reminder out when there is none', async () => {
    const { server } = setup({ url: PET_ADD });
    await formReady();
    fillRequired();
    fireEvent.click(submit());
    await waitFor(() => expect(server.find('POST', '/v1/appointment')).toHaveLength(1), SLOW);
    const body = server.find('POST', '/v1/appointment')[0]!.body as Record<string, unknown>;
    expect(body).not.toHaveProperty('reminder_date');
    expect(body).not.toHaveProperty('reminder_time');
    expect(body.vaccination_type).toBeNull();
    // Added from the pet's page: back to the pet's list.
    expect(await screen.findByText('pet appointments list', {}, SLOW)).toBeTruthy();
  });

  it('on a pet route the pet is preselected', async () => {
    const { server } = setup({ url: PET_ADD, pets: [BELLO, MIEZE] });
    await formReady();
    expect((screen.getByRole('combobox', { name: /^Pet/ }) as HTMLInputElement).value).toBe('Bello');
    fillRequired();
    fireEvent.click(submit());
    await waitFor(() => expect(server.find('POST', '/v1/appointment')).toHaveLength(1), SLOW);
    expect(server.find('POST', '/v1/appointment')[0]!.url.searchParams.get('pet_id')).toBe(BELLO.id);
  });

  for (const brand of ['hunde-schutz', 'animal-care'] as const) {
    it(`${brand}: no pet name field on a pet's route, nor with a single pet`, async () => {
      setup({ url: PET_ADD, brand, pets: [BELLO, MIEZE] });
      await formReady();
      expect(screen.queryByRole('combobox', { name: /^(Pet|Dog)/ })).toBeNull();
    });

    it(`${brand}: on the all-pets route the picker appears only with a choice of pets`, async () => {
      const { server, unmount } = setup({ brand, pets: [BELLO] });
      await formReady();
      expect(screen.queryByRole('combobox', { name: /^(Pet|Dog)/ })).toBeNull();
      fillRequired();
      fireEvent.click(submit());
      await waitFor(() => expect(server.find('POST', '/v1/appointment')).toHaveLength(1), SLOW);
      expect(server.find('POST', '/v1/appointment')[0]!.url.searchParams.get('pet_id')).toBe(BELLO.id);
      unmount();

      setup({ brand, pets: [BELLO, MIEZE] });
      await formReady();
      expect(screen.getByRole('combobox', { name: brand === 'hunde-schutz' ? /^Dog/ : /^Pet/ })).toBeTruthy();
    });
  }

  it('server field errors go under their fields', async () => {
    setup({
      post: {
        status: 400,
        body: { code: 'VALIDATION_ERROR', message: 'x', fields: { appointment_date: 'Date_In_Past_Error' } },
      },
    });
    await formReady();
    fillRequired();
    fireEvent.click(submit());
    expect(await screen.findByText('This date cannot be in the past.', {}, SLOW)).toBeTruthy();
    expect(date().getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('another failure says the appointment could not be saved, and why', async () => {
    setup({ post: { status: 502 } });
    await formReady();
    fillRequired();
    fireEvent.click(submit());
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(within(alert).getByText('The appointment could not be saved.')).toBeTruthy();
    expect(submit().hasAttribute('disabled')).toBe(false);
  });

  it('a failed save is logged exactly once', async () => {
    const { server } = setup({ post: { status: 502 } });
    await formReady();
    fillRequired();
    fireEvent.click(submit());
    await screen.findByRole('alert', {}, SLOW);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.find('POST', '/v1/log')).toHaveLength(1);
  });

  it('a 403 LIMIT_REACHED answer shows the plan message with its link', async () => {
    setup({
      post: { status: 403, body: { code: 'LIMIT_REACHED', message: 'Appointment_Limit_Reached_Message' } },
    });
    await formReady();
    fillRequired();
    fireEvent.click(submit());
    expect(await screen.findByText(/Your plan does not include appointments/, {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'here' }).getAttribute('href')).toBe('/my-account/subscription');
  });

  it('the submit button is disabled while saving', async () => {
    let answer: (value: MockAnswer) => void = () => {};
    const pending = new Promise<MockAnswer>((resolve) => {
      answer = resolve;
    });
    const server = mockFetch({}, { signedIn: true });
    server.fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      if (method === 'POST' && url.pathname === '/v1/appointment') {
        const { status = 201, body } = await pending;
        return new Response(JSON.stringify(body ?? {}), { status });
      }
      if (url.pathname === '/v1/auth/myinfo') return Response.json(meWithAppointments());
      if (url.pathname === '/v1/pet') return Response.json([BELLO]);
      return new Response(null, { status: 204 });
    });
    renderRoutes([{ path: ALL_PETS_ADD, element: <AddAppointmentPage /> }], { url: ALL_PETS_ADD });
    await formReady();
    fillRequired();
    fireEvent.click(submit());
    await waitFor(() => expect(submit().hasAttribute('disabled')).toBe(true));
    answer({ status: 201, body: fakeAppointment() });
  });

  it('a plan without appointments shows Appointment_Add_Not_Allowed_Text instead of the form', async () => {
    setup({ me: meOnFreePlan() });
    expect(
      await screen.findByText(/^Adding appointments is not included in your plan\./, {}, SLOW),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'here' }).getAttribute('href')).toBe('/my-account/subscription');
    expect(screen.queryByRole('radiogroup')).toBeNull();
  });

  it('without pets the all-pets route says so and links to adding a pet', async () => {
    setup({ pets: [] });
    expect(await screen.findByText('You have not added a pet yet.', {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add a pet' }).getAttribute('href')).toBe('/dashboard/new-pet');
  });

  it('in German', async () => {
    const server = mockFetch({
      'GET /v1/auth/myinfo': { body: meWithAppointments() },
      'GET /v1/pet': { body: [BELLO] },
    });
    renderRoutes([{ path: ALL_PETS_ADD, element: <AddAppointmentPage /> }], {
      url: ALL_PETS_ADD,
      language: 'de',
    });
    expect(await screen.findByRole('radiogroup', { name: /Terminart/ }, SLOW)).toBeTruthy();
    for (const label of ['Untersuchung', 'Impfung', 'Operation', 'Entwurmung']) {
      expect(screen.getByRole('radio', { name: label })).toBeTruthy();
    }
    expect(screen.getByLabelText(/^E-Mail-Erinnerung/, { selector: 'input' })).toBeTruthy();
    expect(server.requests.length).toBeGreaterThan(0);
  });
});
