import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../../lib/dates.ts';
import {
  BELLO,
  fakeHistoryEntry,
  fakeHouseholdServer,
  renderHouseholdOnPetPage,
} from '../test/fakeHousehold.tsx';
import { historyLineKey } from './householdTexts.ts';

const SLOW = { timeout: 4000 };

afterEach(() => {
  notifications.clean();
  vi.unstubAllGlobals();
});

/** 45 entries, newest first: "Entry 45" … "Entry 1" as the actor's name. */
const MANY = Array.from({ length: 45 }, (_, i) =>
  fakeHistoryEntry({ id: `h-${45 - i}`, actor_name: `Entry ${45 - i}` }),
);

const list = () => screen.findByRole('list', { name: 'History of Bello' }, SLOW);

describe('history list', () => {
  it('translates each line: who, what, to what, when; a former member says so', async () => {
    const at = '2026-03-03T10:15:00.000Z';
    fakeHouseholdServer({
      history: [
        fakeHistoryEntry({ id: 'a', at }),
        fakeHistoryEntry({ id: 'b', actor_name: null, action: 'created', entity: 'appointment', at }),
        fakeHistoryEntry({ id: 'c', action: 'revoked', entity: 'member', at }),
        fakeHistoryEntry({ id: 'd', action: 'accepted', entity: 'member', actor_name: 'Ben', at }),
      ],
    });
    renderHouseholdOnPetPage();
    const lines = within(await list())
      .getAllByTestId('history-entry')
      .map((item) => item.textContent);
    const when = formatDateTime(at);
    expect(lines).toEqual([
      `Anna Muster changed a contact · ${when}`,
      `Former member added an appointment · ${when}`,
      `Anna Muster removed a member · ${when}`,
      `Ben joined the household · ${when}`,
    ]);
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('the dose log’s lines (issue 49): a tick and its undo, in English and German', async () => {
    const at = '2026-03-03T10:15:00.000Z';
    const entries = [
      fakeHistoryEntry({ id: 'u', action: 'unchecked', entity: 'dose', actor_name: 'Sam Sit', at }),
      fakeHistoryEntry({ id: 'c', action: 'checked', entity: 'dose', actor_name: 'Sam Sit', at }),
    ];
    fakeHouseholdServer({ history: entries });
    const { unmount } = renderHouseholdOnPetPage();
    const when = formatDateTime(at);
    expect(
      within(await list())
        .getAllByTestId('history-entry')
        .map((item) => item.textContent),
    ).toEqual([
      `Sam Sit set a dose back to not given · ${when}`,
      `Sam Sit checked off a dose as given · ${when}`,
    ]);
    unmount();
    fakeHouseholdServer({ history: entries });
    renderHouseholdOnPetPage({ language: 'de' });
    const german = await screen.findByRole('list', { name: 'Verlauf von Bello' }, SLOW);
    expect(
      within(german)
        .getAllByTestId('history-entry')
        .map((item) => item.textContent?.split(' · ')[0]),
    ).toEqual([
      'Sam Sit hat eine Gabe wieder als nicht gegeben markiert',
      'Sam Sit hat eine Gabe als gegeben abgehakt',
    ]);
  });

  it('pages by twenty, newest first', async () => {
    const server = fakeHouseholdServer({ history: MANY });
    renderHouseholdOnPetPage();
    const first = within(await list()).getAllByTestId('history-entry');
    expect(first).toHaveLength(20);
    expect(first[0]!.textContent).toMatch(/^Entry 45 changed a contact/);
    const [request] = server.find('GET', '/v1/household/history');
    expect(request!.url.searchParams.get('pet_id')).toBe(BELLO.id);
    expect(request!.url.searchParams.get('page')).toBe('1');
    expect(request!.url.searchParams.get('page_size')).toBe('20');

    fireEvent.click(screen.getByRole('button', { name: '3' }));
    await waitFor(
      () =>
        expect(
          within(screen.getByRole('list', { name: 'History of Bello' })).getAllByTestId('history-entry'),
        ).toHaveLength(5),
      SLOW,
    );
    expect(screen.getAllByTestId('history-entry')[0]!.textContent).toMatch(/^Entry 5 /);
    expect(server.find('GET', '/v1/household/history').at(-1)!.url.searchParams.get('page')).toBe('3');

    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    await waitFor(
      () => expect(screen.getAllByTestId('history-entry')[0]!.textContent).toMatch(/^Entry 25 /),
      SLOW,
    );
  });

  it('empty, and in German', async () => {
    fakeHouseholdServer();
    renderHouseholdOnPetPage({ language: 'de' });
    expect(await screen.findByText('Bisher wurde nichts geändert.', {}, SLOW)).toBeTruthy();
  });

  it('German lines', async () => {
    fakeHouseholdServer({
      history: [fakeHistoryEntry({ actor_name: null, action: 'deleted', entity: 'document' })],
    });
    renderHouseholdOnPetPage({ language: 'de' });
    const [line] = within(
      await screen.findByRole('list', { name: 'Verlauf von Bello' }, SLOW),
    ).getAllByTestId('history-entry');
    expect(line!.textContent).toMatch(/^Ehemaliges Mitglied hat ein Dokument gelöscht · /);
  });

  it('every action has a sentence', () => {
    expect(historyLineKey({ action: 'revoked', entity: 'invitation' })).toBe('history.line.revoked');
    expect(historyLineKey({ action: 'revoked', entity: 'member' })).toBe('history.line.revokedMember');
    expect(historyLineKey({ action: 'left', entity: 'member' })).toBe('history.line.left');
  });
});
