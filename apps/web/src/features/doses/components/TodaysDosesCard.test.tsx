import type { Dose, PetDoses } from '@pet/shared';
import type { Language } from '@pet/shared/constants';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeMyInfo, mockFetch } from '../../../test/fetchMock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { TodaysDosesCard } from './TodaysDosesCard.tsx';

// Today's doses on the dashboard (issue 49): per pet, under their slots, who gave each and when (on the
// browser's clock), a tick that checks a dose off and an untick within the giver's 10 minutes; a dose someone
// else was quicker with names them.

const SLOW = { timeout: 4000 };

const box = (element: HTMLElement) => {
  const input = element as HTMLInputElement;
  // A tick that may not be taken back is aria-disabled (drawn as given); one being saved is disabled.
  return {
    checked: input.checked,
    disabled: input.disabled || input.getAttribute('aria-disabled') === 'true',
  };
};

afterEach(() => {
  vi.restoreAllMocks();
});

/** An instant at hh:mm today on the browser's clock. */
const todayAt = (hours: number, minutes: number) => {
  const at = new Date();
  at.setHours(hours, minutes, 0, 0);
  return at.toISOString();
};

const TODAY = (() => {
  const now = new Date();
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(now.getDate())}.${two(now.getMonth() + 1)}.${now.getFullYear()}`;
})();

function dose(overrides: Partial<Dose> = {}): Dose {
  return {
    medication_id: 'm1',
    medication_name: 'Apoquel',
    slot: 'evenings',
    date: TODAY,
    given_by: null,
    given_at: null,
    undo_until: null,
    ...overrides,
  };
}

function renderCard(
  pets: PetDoses[],
  handlers: Parameters<typeof mockFetch>[0] = {},
  language: Language = 'en',
) {
  const server = mockFetch({
    'GET /v1/auth/myinfo': { body: fakeMyInfo() },
    'GET /v1/dose/today': { body: pets },
    ...handlers,
  });
  renderRoutes([{ path: '/dashboard', element: <TodaysDosesCard enabled /> }], {
    language,
    url: '/dashboard',
  });
  return server;
}

describe('today’s doses on the dashboard', () => {
  it('lists each pet’s doses under their slots with who gave each, in the browser’s zone', async () => {
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
      ...new Intl.DateTimeFormat().resolvedOptions(),
      timeZone: 'America/New_York',
    });
    const server = renderCard([
      {
        pet_id: 'p1',
        pet_name: 'Luna',
        doses: [
          dose({ slot: 'mornings', given_by: 'Anna Owner', given_at: todayAt(8, 10) }),
          dose({ medication_id: 'm2', medication_name: 'Zyrtec', slot: 'evenings' }),
        ],
      },
      { pet_id: 'p2', pet_name: 'Bruno', doses: [dose({ medication_id: 'm3', medication_name: 'Wormer' })] },
    ]);
    const card = await screen.findByRole('region', { name: 'Today’s doses' }, SLOW);
    expect(server.find('GET', '/v1/dose/today')[0]!.url.searchParams.get('time_zone')).toBe(
      'America/New_York',
    );
    const luna = within(card).getByRole('region', { name: 'Today’s doses of Luna' });
    expect(within(luna).getByRole('link', { name: 'Luna' }).getAttribute('href')).toBe(
      '/pet-details/Luna/p1',
    );
    const morning = within(luna).getByRole('checkbox', { name: 'Apoquel, Morning' });
    expect(box(morning).checked).toBe(true);
    // Someone's tick, after their 10 minutes (or not the user's): it stays.
    expect(box(morning).disabled).toBe(true);
    expect(within(luna).getByText('Given by Anna Owner at 08:10')).toBeTruthy();
    fireEvent.click(morning);
    expect(box(morning).checked).toBe(true);
    expect(server.find('DELETE', '/v1/dose/check')).toHaveLength(0);
    const evening = within(luna).getByRole('checkbox', { name: 'Zyrtec, Evening' });
    expect(box(evening).checked).toBe(false);
    expect(box(evening).disabled).toBe(false);
    expect(within(luna).getByText('Not given yet')).toBeTruthy();
    expect(
      within(card)
        .getAllByTestId('pet-doses')
        .map((pet) => pet.getAttribute('aria-label')),
    ).toEqual(['Today’s doses of Luna', 'Today’s doses of Bruno']);
  });

  it('a tick checks the dose off and the card reads again; the giver may untick it for its 10 minutes', async () => {
    let given = false;
    const server = renderCard([], {
      'GET /v1/dose/today': () => ({
        body: [
          {
            pet_id: 'p1',
            pet_name: 'Luna',
            doses: [
              given
                ? dose({
                    given_by: 'Sam Sit',
                    given_at: todayAt(18, 10),
                    undo_until: new Date(Date.now() + 600_000).toISOString(),
                  })
                : dose(),
            ],
          },
        ],
      }),
      'POST /v1/dose/check': () => {
        given = true;
        return { status: 201, body: dose({ given_by: 'Sam Sit', given_at: todayAt(18, 10) }) };
      },
      'DELETE /v1/dose/check': () => {
        given = false;
        return { status: 204 };
      },
    });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Apoquel, Evening' }, SLOW));
    await waitFor(
      () => expect(box(screen.getByRole('checkbox', { name: 'Apoquel, Evening' })).checked).toBe(true),
      SLOW,
    );
    expect(server.find('POST', '/v1/dose/check').map((r) => r.body)).toEqual([
      { medication_id: 'm1', date: TODAY, slot: 'evenings' },
    ]);
    expect((await screen.findByText(/Given by Sam Sit at 18:10/, {}, SLOW)).textContent).toMatch(
      /You can untick it until \d\d:\d\d\./,
    );
    const ticked = screen.getByRole('checkbox', { name: 'Apoquel, Evening' });
    await waitFor(() => expect(box(ticked).disabled).toBe(false), SLOW);
    fireEvent.click(ticked);
    await waitFor(
      () => expect(box(screen.getByRole('checkbox', { name: 'Apoquel, Evening' })).checked).toBe(false),
      SLOW,
    );
    const [undo] = server.find('DELETE', '/v1/dose/check');
    expect(Object.fromEntries(undo!.url.searchParams)).toEqual({
      medication_id: 'm1',
      date: TODAY,
      slot: 'evenings',
    });
  });

  it('the untick goes once the 10 minutes are over, without a new read', async () => {
    const server = renderCard([
      {
        pet_id: 'p1',
        pet_name: 'Luna',
        doses: [
          dose({
            given_by: 'Sam Sit',
            given_at: todayAt(18, 10),
            undo_until: new Date(Date.now() + 1_200).toISOString(),
          }),
        ],
      },
    ]);
    const ticked = await screen.findByRole('checkbox', { name: 'Apoquel, Evening' }, SLOW);
    expect(box(ticked).disabled).toBe(false);
    await waitFor(() => expect(box(ticked).disabled).toBe(true), SLOW);
    expect(screen.queryByText(/You can untick it/)).toBeNull();
    expect(server.find('GET', '/v1/dose/today')).toHaveLength(1);
  });

  it('in German: someone was quicker, the notice names them and the card shows their tick', async () => {
    let reads = 0;
    renderCard(
      [],
      {
        'GET /v1/dose/today': () => {
          reads += 1;
          const given = reads > 1 ? { given_by: 'Sam Sit', given_at: todayAt(18, 10) } : {};
          return { body: [{ pet_id: 'p1', pet_name: 'Luna', doses: [dose(given)] }] };
        },
        'POST /v1/dose/check': {
          status: 409,
          body: {
            code: 'DOSE_ALREADY_GIVEN',
            message: 'Dose_Already_Given_Text',
            fields: { given_by: 'Sam Sit', given_at: todayAt(18, 10) },
          },
        },
      },
      'de',
    );
    const card = await screen.findByRole('region', { name: 'Heutige Gaben' }, SLOW);
    fireEvent.click(within(card).getByRole('checkbox', { name: 'Apoquel, Abends' }));
    expect(
      await screen.findByText('Sam Sit hat diese Gabe bereits um 18:10 Uhr gegeben.', {}, SLOW),
    ).toBeTruthy();
    await waitFor(
      () => expect(box(within(card).getByRole('checkbox', { name: 'Apoquel, Abends' })).checked).toBe(true),
      SLOW,
    );
    expect(within(card).getByText('Gegeben von Sam Sit um 18:10 Uhr')).toBeTruthy();
  });

  it('shows nothing without doses today', async () => {
    const server = renderCard([]);
    await waitFor(() => expect(server.find('GET', '/v1/dose/today')).toHaveLength(1), SLOW);
    expect(screen.queryByRole('region', { name: 'Today’s doses' })).toBeNull();
  });
});
