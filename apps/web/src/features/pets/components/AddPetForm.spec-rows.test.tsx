// Spec 1 (issue 47, point 8) on the add-pet form: a picture that fails to upload is logged to the server
// (section 4 "otherwise the failure is logged and handled", section 7 POST /log), and adding a pet without a
// connection says so with its own text (section 8 "cannot add pet without connection").
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeMyInfo, type MockAnswer, mockFetch } from '../../../test/fetchMock.ts';
import { pickAndCrop, stubObjectUrls } from '../../../test/imagePicking.tsx';
import { fakePet } from '../../../test/pets.ts';
import { BASIC } from '../../../test/plans.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { mockXhr } from '../../../test/xhrMock.ts';
import { NewPetPage } from '../routes/NewPetPage.tsx';

vi.mock('react-easy-crop', () => import('../../../test/imagePicking.tsx').then((m) => m.fakeCropperModule));
vi.mock('../../../components/image/cropToJpeg.ts', () =>
  import('../../../test/imagePicking.tsx').then((m) => m.fakeCropToJpegModule),
);

const CREATED = fakePet({ id: 'p9', name: 'Mimi', pet_type: 'Cat', gender: null });
const SLOW = { timeout: 5000 };

type CreateAnswer = MockAnswer | (() => MockAnswer);

function renderAddPet(create: CreateAnswer, language: 'en' | 'de' = 'en') {
  const server = mockFetch({
    'GET /v1/auth/myinfo': { body: fakeMyInfo({ product: BASIC, language }) },
    'POST /v1/pet': create,
    'GET /v1/pet': { body: [] },
    'POST /v1/log': { status: 204 },
  });
  const view = renderRoutes(
    [
      { path: '/dashboard/new-pet', element: <NewPetPage /> },
      { path: '/dashboard', element: <p>dashboard reached</p> },
    ],
    { url: '/dashboard/new-pet', language },
  );
  return { server, ...view };
}

/** What fetch does when the connection is gone: it rejects (apiFetch turns that into status 0). */
function connectionLost(): MockAnswer {
  throw new TypeError('Failed to fetch');
}

interface LogReport {
  log: string;
  platform: string;
  error?: { status?: number; code?: string };
}

beforeEach(() => stubObjectUrls());
afterEach(() => {
  notifications.clean();
  vi.restoreAllMocks();
});

describe('a failed pet picture upload is logged to the server (spec 1 sections 4 and 7)', () => {
  it('a server fault (500) on the upload is reported once, as the pet picture upload, with its status', async () => {
    const { server, router } = renderAddPet({ status: 201, body: CREATED });
    const xhr = mockXhr({
      'POST /v1/upload/image': { status: 500, body: { code: 'INTERNAL_ERROR', message: 'x' } },
    });
    fireEvent.click(await screen.findByRole('radio', { name: 'Cat' }));
    fireEvent.change(screen.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Mimi' } });
    await pickAndCrop();
    fireEvent.click(screen.getByRole('button', { name: 'Add pet' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), SLOW);
    expect(xhr.uploads).toHaveLength(1);
    expect(await screen.findByText("The pet's picture could not be uploaded.", {}, SLOW)).toBeTruthy();

    await waitFor(() => expect(server.find('POST', '/v1/log')).toHaveLength(1));
    const report = server.find('POST', '/v1/log')[0]?.body as LogReport;
    expect(report.platform).toBe('web');
    expect(report.log).toContain('image upload (pet) failed');
    expect(report.error).toMatchObject({ status: 500, code: 'INTERNAL_ERROR' });
    // Logged by the upload alone: the pet itself was added, so nothing else reports it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.find('POST', '/v1/log')).toHaveLength(1);
  });

  it('an upload that loses the connection is reported too (status 0)', async () => {
    const { server, router } = renderAddPet({ status: 201, body: CREATED });
    mockXhr({ 'POST /v1/upload/image': { status: 0 } });
    fireEvent.click(await screen.findByRole('radio', { name: 'Cat' }));
    fireEvent.change(screen.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Mimi' } });
    await pickAndCrop();
    fireEvent.click(screen.getByRole('button', { name: 'Add pet' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), SLOW);
    await waitFor(() => expect(server.find('POST', '/v1/log')).toHaveLength(1));
    const report = server.find('POST', '/v1/log')[0]?.body as LogReport;
    expect(report.log).toContain('image upload (pet) failed');
    expect(report.error).toMatchObject({ status: 0 });
  });
});

describe('cannot add a pet without a connection (spec 1 section 8)', () => {
  function offline() {
    vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
  }

  it('in English: the form says a pet cannot be added without an internet connection, and stays', async () => {
    offline();
    const { router } = renderAddPet(connectionLost);
    fireEvent.click(await screen.findByRole('radio', { name: 'Dog' }));
    fireEvent.change(screen.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Bello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add pet' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('A pet cannot be added without an internet connection.');
    // Its own text, not the general one.
    expect(alert.textContent).not.toContain('No internet connection');
    expect(router.state.location.pathname).toBe('/dashboard/new-pet');
  });

  it('in German: Ohne Internetverbindung kann kein Tier angelegt werden', async () => {
    offline();
    renderAddPet(connectionLost, 'de');
    fireEvent.click(await screen.findByRole('radio', { name: 'Hund' }));
    fireEvent.change(screen.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Bello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Tier hinzufügen' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Ohne Internetverbindung kann kein Tier angelegt werden.');
  });
});
