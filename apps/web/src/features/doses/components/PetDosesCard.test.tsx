import type { Dose } from '@pet/shared';
import { addDaysIso, isoToDisplayDate } from '@pet/shared/domain/dates';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clockIsoDate } from '../../../lib/clockTime.ts';
import { fakeMyInfo, mockFetch } from '../../../test/fetchMock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { PetDosesCard } from './PetDosesCard.tsx';

// The pet's doses on its page (issue 49): today's to tick, and the earlier days a week per page, newest first.

const SLOW = { timeout: 4000 };
const PET = { id: 'p1', name: 'Luna' };
const todayIso = clockIsoDate();
const day = (back: number) => isoToDisplayDate(addDaysIso(todayIso, -back));

afterEach(() => {
  vi.restoreAllMocks();
});

const dose = (date: string, overrides: Partial<Dose> = {}): Dose => ({
  medication_id: 'm1',
  medication_name: 'Apoquel',
  slot: 'mornings',
  date,
  given_by: null,
  given_at: null,
  undo_until: null,
  ...overrides,
});

/** The server's answer to GET /v1/dose: the morning dose of each of `days` days ending with `date`. */
function week(url: URL) {
  const last = url.searchParams.get('date') as string;
  const days = Number(url.searchParams.get('days') ?? 1);
  const [dd, mm, yyyy] = last.split('.');
  const lastIso = `${yyyy}-${mm}-${dd}`;
  return Array.from({ length: days }, (_, back) => {
    const date = isoToDisplayDate(addDaysIso(lastIso, -back));
    // Two days ago's was given late, the day after, by a former member.
    const given =
      date === day(2)
        ? { given_by: null, given_at: new Date(`${addDaysIso(todayIso, -1)}T09:00:00`).toISOString() }
        : {};
    return dose(date, given);
  });
}

function renderCard(answer: (url: URL) => Dose[] = week) {
  const server = mockFetch({
    'GET /v1/auth/myinfo': { body: fakeMyInfo() },
    'GET /v1/dose': ({ url }) => ({ body: answer(url) }),
  });
  renderRoutes([{ path: '/pet', element: <PetDosesCard pet={PET} /> }], { url: '/pet' });
  return server;
}

describe('the pet’s doses', () => {
  it('today’s to tick; earlier days a week per page, newest first, with who gave each', async () => {
    const server = renderCard();
    const card = await screen.findByRole('region', { name: 'Today’s doses' }, SLOW);
    expect(Object.fromEntries(server.find('GET', '/v1/dose')[0]!.url.searchParams)).toEqual({
      pet_id: 'p1',
      date: day(0),
      days: '7',
    });
    expect(within(card).getByRole('checkbox', { name: 'Apoquel, Morning' })).toBeTruthy();

    fireEvent.click(within(card).getByRole('button', { name: 'Earlier days' }));
    const log = await within(card).findByTestId('dose-log', {}, SLOW);
    await waitFor(() => expect(within(log).getAllByTestId('dose-log-day')).toHaveLength(7), SLOW);
    const days = within(log).getAllByTestId('dose-log-day');
    expect(days.map((d) => d.querySelector('p')?.textContent?.split(', ')[1])).toEqual(
      [1, 2, 3, 4, 5, 6, 7].map(day),
    );
    expect(within(log).getByText(`${day(7)} to ${day(1)}`)).toBeTruthy();
    expect(within(days[1]!).getByText(`Given by a former member on ${day(1)} at 09:00`)).toBeTruthy();
    expect(within(days[0]!).getByText('Not ticked')).toBeTruthy();
    const later = within(log).getByRole('button', { name: 'Later week' }) as HTMLButtonElement;
    expect(later.disabled).toBe(true);

    fireEvent.click(within(log).getByRole('button', { name: 'Earlier week' }));
    await waitFor(() => expect(within(log).getByText(`${day(14)} to ${day(8)}`)).toBeTruthy(), SLOW);
    const reads = server.find('GET', '/v1/dose').map((r) => Object.fromEntries(r.url.searchParams));
    expect(reads.slice(1)).toEqual([
      { pet_id: 'p1', date: day(1), days: '7' },
      { pet_id: 'p1', date: day(8), days: '7' },
    ]);
    expect(later.disabled).toBe(false);
  });

  it('a medication that ended days ago: no dose today, its log still reached', async () => {
    renderCard((url) => week(url).filter((dose) => dose.date === day(3)));
    const card = await screen.findByRole('region', { name: 'Today’s doses' }, SLOW);
    expect(within(card).getByText('No doses today.')).toBeTruthy();
    expect(within(card).queryByRole('checkbox')).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Earlier days' }));
    const log = await within(card).findByTestId('dose-log', {}, SLOW);
    await waitFor(() => expect(within(log).getAllByRole('checkbox')).toHaveLength(1), SLOW);
  });

  it('shows nothing for a pet without a dose in the last week', async () => {
    const server = renderCard(() => []);
    await waitFor(() => expect(server.find('GET', '/v1/dose')).toHaveLength(1), SLOW);
    expect(screen.queryByRole('region', { name: 'Today’s doses' })).toBeNull();
  });
});
