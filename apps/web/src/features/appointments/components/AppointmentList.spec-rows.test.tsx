// Spec 1 (issue 47, point 8) on the appointment lists: a failed list fetch is logged to the server (section 7,
// POST /log with log, platform web and error), a fetch that fails for lack of a connection says "no internet
// connection" (section 8), and a row opens and closes with the 250 ms collapse animation (section 9).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type MockAnswer, mockFetch } from '../../../test/fetchMock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { MyAppointmentsPage } from '../routes/MyAppointmentsPage.tsx';
import { BELLO, fakeAppointment, meWithAppointments } from '../test/fakeAppointments.ts';

const MY = '/dashboard/my-appointments';

type ListAnswer = MockAnswer | (() => MockAnswer);

function renderList(list: ListAnswer, language: 'en' | 'de' = 'en') {
  const server = mockFetch({
    'GET /v1/auth/myinfo': { body: meWithAppointments([BELLO]) },
    'GET /v1/appointment/myappointments': list,
    'POST /v1/log': { status: 204 },
  });
  renderRoutes([{ path: MY, element: <MyAppointmentsPage /> }], { url: MY, language });
  return server;
}

/** What fetch does when the connection is gone: it rejects (apiFetch turns that into status 0). */
function connectionLost(): MockAnswer {
  throw new TypeError('Failed to fetch');
}

afterEach(() => vi.restoreAllMocks());

interface LogReport {
  log: string;
  platform: string;
  error?: { status?: number; code?: string };
}

describe('a failed list fetch is logged to the server (spec 1 section 7)', () => {
  it('a server fault (500) on the list is reported once, naming the list and the status', async () => {
    const server = renderList({ status: 500, body: { code: 'INTERNAL_ERROR', message: 'x' } });
    expect(await screen.findByText(/The appointments could not be loaded\./)).toBeTruthy();
    await waitFor(() => expect(server.find('POST', '/v1/log')).toHaveLength(1));
    const report = server.find('POST', '/v1/log')[0]?.body as LogReport;
    expect(report.platform).toBe('web');
    // The page's address is the browser's (location.pathname), which a memory router does not set.
    expect(report.log).toContain('query ["appointments","mine"] failed');
    expect(report.error).toMatchObject({ status: 500, code: 'INTERNAL_ERROR' });
    // Only one report: the list is not fetched again behind the user's back.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.find('POST', '/v1/log')).toHaveLength(1);
  });

  it('a lost connection is reported too (status 0)', async () => {
    const server = renderList(connectionLost);
    await screen.findByText(/The appointments could not be loaded\./);
    await waitFor(() => expect(server.find('POST', '/v1/log')).toHaveLength(1));
    const report = server.find('POST', '/v1/log')[0]?.body as LogReport;
    expect(report.error).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('a list that loads sends no report', async () => {
    const server = renderList({ body: [fakeAppointment()] });
    await screen.findByTestId('appointment-row');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.find('POST', '/v1/log')).toHaveLength(0);
  });
});

describe('no internet connection (spec 1 section 8)', () => {
  function offline() {
    vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
  }

  it('in English: the list says it could not be loaded because there is no internet connection', async () => {
    offline();
    renderList(connectionLost);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The appointments could not be loaded.');
    expect(alert.textContent).toContain('No internet connection. Please check your connection.');
  });

  it('in German: keine Internetverbindung', async () => {
    offline();
    renderList(connectionLost, 'de');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Die Termine konnten nicht geladen werden.');
    expect(alert.textContent).toContain('Keine Internetverbindung. Bitte überprüfen Sie Ihre Verbindung.');
  });

  it('online, a lost connection is not called "no internet" (the browser says it is online)', async () => {
    renderList(connectionLost);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).not.toContain('No internet connection');
  });
});

/** The milliseconds of every transition in an element's inline style. */
function transitionDurations(element: HTMLElement): number[] {
  return [...element.style.transition.matchAll(/(\d+)ms/g)].map((match) => Number(match[1]));
}

describe('collapse animation 250 ms (spec 1 section 9)', () => {
  it('a row opens with a 250 ms animation, and closes with one', async () => {
    renderList({ body: [fakeAppointment()] });
    const row = await screen.findByTestId('appointment-row');
    const control = within(row).getAllByRole('button')[0] as HTMLElement;
    fireEvent.click(control);
    const panel = await within(row).findByRole('region');
    expect(transitionDurations(panel).length).toBeGreaterThan(0);
    expect(new Set(transitionDurations(panel))).toEqual(new Set([250]));
    fireEvent.click(control);
    await waitFor(() => expect(control.getAttribute('aria-expanded')).toBe('false'));
    expect(new Set(transitionDurations(panel))).toEqual(new Set([250]));
  });
});
