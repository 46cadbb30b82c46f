import type { AppointmentListItem } from '@pet/shared';
import type { BrandId } from '@pet/shared/brands';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../../test/fetchMock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { MyAppointmentsPage } from '../routes/MyAppointmentsPage.tsx';
import { PetAppointmentsPage } from '../routes/PetAppointmentsPage.tsx';
import {
  BELLO,
  dayFromToday,
  fakeAppointment,
  MIEZE,
  meOnFreePlan,
  meWithAppointments,
} from '../test/fakeAppointments.ts';
import { PAST_PAGE_SIZE } from './AppointmentList.tsx';

const SLOW = { timeout: 4000 };
const MY = '/dashboard/my-appointments';
const PET = `/pet-details/Bello/${BELLO.id}/appointments`;

function setup(
  list: AppointmentListItem[],
  { url = MY, brand = 'petention', me }: { url?: string; brand?: BrandId; me?: unknown } = {},
) {
  const server = mockFetch({
    'GET /v1/auth/myinfo': { body: me ?? meWithAppointments([BELLO, MIEZE]) },
    'GET /v1/appointment/myappointments': { body: list },
    'GET /v1/appointment/mypetappointments': { body: list },
    'GET /v1/pet': { body: BELLO },
  });
  const view = renderRoutes(
    [
      { path: MY, element: <MyAppointmentsPage /> },
      { path: `${MY}/add-appointment`, element: <p>add page</p> },
      { path: '/pet-details/:name/:id/appointments', element: <PetAppointmentsPage /> },
    ],
    { url, brand },
  );
  return { server, ...view };
}

const rows = (section: HTMLElement) => within(section).getAllByTestId('appointment-row');
const section = (name: RegExp) => screen.getByRole('region', { name });

describe('appointment lists', () => {
  it('shows upcoming appointments first, then the passed ones under their heading, in the order given', async () => {
    const list = [
      fakeAppointment({
        appointment_id: 'u1',
        appointment_reason: 'Soon',
        appointment_date: dayFromToday(1),
      }),
      fakeAppointment({
        appointment_id: 'u2',
        appointment_type: 'Vaccination',
        appointment_vaccination_type: 'Rabies',
        appointment_reason: 'Later',
        appointment_date: dayFromToday(30),
        appointment_pet_name: 'Mieze',
      }),
      fakeAppointment({ appointment_id: 'p1', is_upcoming: false, appointment_reason: 'Last week' }),
      fakeAppointment({
        appointment_id: 'p2',
        is_upcoming: false,
        appointment_type: 'Deworming',
        appointment_reason: 'Last year',
        appointment_date: dayFromToday(-365),
      }),
    ];
    setup(list);
    await screen.findByText('Soon', {}, SLOW);
    const upcoming = section(/Upcoming appointments/);
    const past = section(/Passed appointments/);
    expect(rows(upcoming).map((r) => within(r).getByText(/Soon|Later/).textContent)).toEqual([
      'Soon',
      'Later',
    ]);
    expect(rows(past).map((r) => within(r).getByText(/Last/).textContent)).toEqual([
      'Last week',
      'Last year',
    ]);
    // The headings come in that order on the page.
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings.indexOf('Upcoming appointments')).toBeLessThan(headings.indexOf('Passed appointments'));

    // Each row: type label, reason, pet name (all-pets list), date dd.MM.yyyy and 24-hour time.
    const later = rows(upcoming)[1]!;
    expect(within(later).getByText('Vaccination')).toBeTruthy();
    expect(within(later).getByText('· Rabies')).toBeTruthy();
    expect(within(later).getByText('Mieze')).toBeTruthy();
    expect(within(later).getByText(dayFromToday(30))).toBeTruthy();
    expect(within(later).getByText('14:30')).toBeTruthy();
    expect(within(rows(past)[1]!).getByText('Deworming')).toBeTruthy();
  });

  it('reminders show when they go out, or that they went out', async () => {
    setup([
      fakeAppointment({
        appointment_id: 'a',
        appointment_reason: 'With reminder',
        appointment_reminder_date: dayFromToday(6),
        appointment_reminder_time: '08:00:00',
      }),
      fakeAppointment({
        appointment_id: 'b',
        appointment_reason: 'Reminded',
        appointment_reminder_date: dayFromToday(0),
        appointment_reminder_time: '07:00',
        appointment_reminder_sent_at: new Date().toISOString(),
      }),
      fakeAppointment({ appointment_id: 'c', appointment_reason: 'Without' }),
    ]);
    await screen.findByText('With reminder', {}, SLOW);
    const [withReminder, reminded, without] = rows(section(/Upcoming/));
    expect(within(withReminder!).getByText(`Reminder ${dayFromToday(6)}, 08:00`)).toBeTruthy();
    expect(within(reminded!).getByText('Reminder sent')).toBeTruthy();
    expect(within(without!).queryByText(/Reminder/)).toBeNull();
  });

  it('shows the first past appointments and more on request', async () => {
    const past = Array.from({ length: PAST_PAGE_SIZE + 5 }, (_, i) =>
      fakeAppointment({ appointment_id: `p${i}`, is_upcoming: false, appointment_reason: `Visit ${i}` }),
    );
    setup(past);
    await screen.findByText('Visit 0', {}, SLOW);
    expect(rows(section(/Passed/))).toHaveLength(PAST_PAGE_SIZE);
    expect(screen.getByText('No upcoming appointments.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show 5 more (of 5)' }));
    await waitFor(() => expect(rows(section(/Passed/))).toHaveLength(PAST_PAGE_SIZE + 5));
    expect(screen.queryByRole('button', { name: /Show .* more/ })).toBeNull();
  });

  it('the add button leads to the add route', async () => {
    setup([fakeAppointment()]);
    const add = await screen.findByRole('link', { name: 'Add appointment' }, SLOW);
    expect(add.getAttribute('href')).toBe(`${MY}/add-appointment`);
  });

  it('a plan without appointments disables the add button and shows the limit message with its link', async () => {
    setup([fakeAppointment()], { me: meOnFreePlan() });
    expect(await screen.findByText(/Your plan does not include appointments/, {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'here' }).getAttribute('href')).toBe('/my-account/subscription');
    const add = screen.getByRole('button', { name: 'Add appointment' });
    expect(add.hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('link', { name: 'Add appointment' })).toBeNull();
  });

  it('empty: an add prompt, worded for dogs on hunde-schutz', async () => {
    setup([]);
    expect(await screen.findByText('No appointments yet', {}, SLOW)).toBeTruthy();
    expect(screen.getByText(/your pet's vet appointments/)).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Add appointment' })).toHaveLength(1);

    const dog = setup([], { brand: 'hunde-schutz', url: PET });
    expect(await screen.findByText(/your dog's vet appointments/, {}, SLOW)).toBeTruthy();
    dog.unmount();
  });

  it('a failed list says so and can be retried', async () => {
    const server = mockFetch({
      'GET /v1/auth/myinfo': { body: meWithAppointments() },
      'GET /v1/appointment/myappointments': { status: 500, body: { code: 'INTERNAL_ERROR', message: 'x' } },
    });
    renderRoutes([{ path: MY, element: <MyAppointmentsPage /> }], { url: MY });
    expect(await screen.findByText(/The appointments could not be loaded/, {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(server.find('GET', '/v1/appointment/myappointments')).toHaveLength(2));
  });

  it("a pet's page: banner with the pet, its list, the pet name per row only where the brand shows it", async () => {
    const { server } = setup([fakeAppointment({ appointment_reason: 'Teeth' })], { url: PET });
    expect(await screen.findByRole('heading', { level: 1, name: 'Bello' }, SLOW)).toBeTruthy();
    await screen.findByText('Teeth');
    expect(server.find('GET', '/v1/appointment/mypetappointments')[0]?.url.searchParams.get('pet_id')).toBe(
      BELLO.id,
    );
    expect(within(rows(section(/Upcoming/))[0]!).getByText('Bello')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add appointment' }).getAttribute('href')).toBe(
      `${PET}/add-appointment`,
    );
  });

  for (const brand of ['hunde-schutz', 'animal-care'] as const) {
    it(`${brand}: a pet's list shows no pet name in its rows`, async () => {
      setup([fakeAppointment({ appointment_reason: 'Teeth' })], { url: PET, brand });
      await screen.findByText('Teeth', {}, SLOW);
      expect(within(rows(section(/Upcoming/))[0]!).queryByText('Bello')).toBeNull();
    });
  }

  it('in German: type labels, headings and the time', async () => {
    mockFetch({
      'GET /v1/auth/myinfo': { body: meWithAppointments() },
      'GET /v1/appointment/myappointments': {
        body: [
          fakeAppointment({ appointment_type: 'Operation' }),
          fakeAppointment({ appointment_id: 'x', appointment_type: 'Deworming', is_upcoming: false }),
        ],
      },
    });
    renderRoutes([{ path: MY, element: <MyAppointmentsPage /> }], { url: MY, language: 'de' });
    expect(await screen.findByText('Operation', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('Entwurmung')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Anstehende Termine' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Vergangene Termine' })).toBeTruthy();
    expect(screen.getAllByText('14:30 Uhr')).toHaveLength(2);
  });
});
