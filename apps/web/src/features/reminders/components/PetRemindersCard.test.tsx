import type { PetReminders } from '@pet/shared';
import type { Language } from '@pet/shared/constants';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeMyInfo, mockFetch } from '../../../test/fetchMock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { PetRemindersCard } from './PetRemindersCard.tsx';

// The pet's reminders (issue 49): the owner sets the dose times on their clock; everyone switches the pet's
// reminder mails on or off for themselves, in their zone; a member sees the times.

const SLOW = { timeout: 4000 };
const PET = { id: 'p1', name: 'Luna' };

afterEach(() => {
  vi.restoreAllMocks();
});

function inZone(zone: string) {
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
    ...new Intl.DateTimeFormat().resolvedOptions(),
    timeZone: zone,
  });
}

function reminders(overrides: Partial<PetReminders> = {}): PetReminders {
  return {
    dose_times: { mornings: '08:00', noons: null, evenings: '19:00' },
    dose_time_zone: 'Europe/Berlin',
    opted_in: false,
    may_set_dose_times: false,
    ...overrides,
  };
}

function renderCard(handlers: Parameters<typeof mockFetch>[0], language: Language = 'en') {
  const server = mockFetch({ 'GET /v1/auth/myinfo': { body: fakeMyInfo() }, ...handlers });
  renderRoutes([{ path: '/pet', element: <PetRemindersCard pet={PET} /> }], { language, url: '/pet' });
  return server;
}

const input = (element: HTMLElement) => element as HTMLInputElement;

describe('the pet’s reminders', () => {
  it('a member sees the dose times and opts in for themselves, in their zone', async () => {
    inZone('America/New_York');
    let state = reminders();
    const server = renderCard({
      'GET /v1/reminders': () => ({ body: state }),
      'PUT /v1/reminders/opt-in': ({ body }) => {
        state = { ...state, opted_in: (body as { opted_in: boolean }).opted_in };
        return { body: state };
      },
    });
    const card = await screen.findByRole('region', { name: 'Reminders' }, SLOW);
    await waitFor(() => expect(within(card).getByTestId('dose-times')).toBeTruthy(), SLOW);
    expect(within(card).getByTestId('dose-times').textContent).toBe(
      'Doses are due: Morning 08:00, Evening 19:00 (Europe/Berlin).',
    );
    expect(within(card).queryByRole('button', { name: 'Save dose times' })).toBeNull();
    const optIn = within(card).getByRole('switch', { name: /^E-mail me Luna’s reminders/ });
    expect(within(card).getByText('Times in the e-mails are on your clock (America/New_York).')).toBeTruthy();
    fireEvent.click(optIn);
    await waitFor(() => expect(input(within(card).getByRole('switch')).checked).toBe(true), SLOW);
    expect(
      server.find('PUT', '/v1/reminders/opt-in').map((r) => [r.url.searchParams.get('pet_id'), r.body]),
    ).toEqual([['p1', { opted_in: true, time_zone: 'America/New_York' }]]);
    expect(await screen.findByText('You will get Luna’s reminders by e-mail.', {}, SLOW)).toBeTruthy();
  });

  it('the owner sets the dose times on their clock; a refused time shows under its field; in German', async () => {
    inZone('Europe/Berlin');
    const server = renderCard(
      {
        'GET /v1/reminders': {
          body: reminders({
            may_set_dose_times: true,
            dose_times: { mornings: null, noons: null, evenings: null },
            dose_time_zone: null,
          }),
        },
        'PUT /v1/reminders/dose-times': ({ body }) =>
          (body as { noons: string }).noons === '12:00'
            ? {
                status: 400,
                body: {
                  code: 'VALIDATION_ERROR',
                  message: 'Bad_Request_Text',
                  fields: { noons: 'Time_Format_Error' },
                },
              }
            : {
                body: reminders({
                  may_set_dose_times: true,
                  dose_times: { mornings: '07:30', noons: null, evenings: null },
                }),
              },
      },
      'de',
    );
    const card = await screen.findByRole('region', { name: 'Erinnerungen' }, SLOW);
    const morning = await within(card).findByLabelText('Morgens', {}, SLOW);
    fireEvent.change(morning, { target: { value: '07:30' } });
    fireEvent.change(within(card).getByLabelText('Mittags'), { target: { value: '12:00' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Uhrzeiten speichern' }));
    expect(
      await within(card).findByText(
        'Bitte geben Sie eine Uhrzeit im Format HH:MM (24 Stunden) ein.',
        {},
        SLOW,
      ),
    ).toBeTruthy();
    fireEvent.change(within(card).getByLabelText('Mittags'), { target: { value: '' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Uhrzeiten speichern' }));
    expect(await screen.findByText('Die Uhrzeiten wurden gespeichert.', {}, SLOW)).toBeTruthy();
    expect(server.find('PUT', '/v1/reminders/dose-times').map((r) => r.body)).toEqual([
      { mornings: '07:30', noons: '12:00', evenings: '', time_zone: 'Europe/Berlin' },
      { mornings: '07:30', noons: '', evenings: '', time_zone: 'Europe/Berlin' },
    ]);
    expect(
      within(card).getByRole('switch', {
        name: /^Mich per E-Mail erinnern, wenn eine Gabe für Luna fällig ist/,
      }),
    ).toBeTruthy();
  });
});
