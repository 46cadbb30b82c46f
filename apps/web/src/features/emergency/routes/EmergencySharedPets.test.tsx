// The emergency page's pets shared with the user (issue 45): each with the download of that pet's file in
// the user's language (GET /v1/emergency?pet_id=); the owner's own file and tags stay as they are.

import { notifications } from '@mantine/notifications';
import type { Language } from '@pet/shared/constants';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeMyInfo, mockFetch } from '../../../test/fetchMock.ts';
import { fakePet } from '../../../test/pets.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { catchSavedFiles, fakeEmergencyInfo } from '../test/fakeEmergency.ts';
import { EmergencyDataPage } from './EmergencyDataPage.tsx';

const SLOW = { timeout: 4000 };
const saved = catchSavedFiles();

afterEach(() => notifications.clean());

function setup(language: Language = 'en') {
  const server = mockFetch({
    'GET /v1/auth/myinfo': {
      body: fakeMyInfo({
        language,
        pets: [
          { id: 'pet-1', name: 'Bello', role: 'owner', owner_name: null },
          { id: 'pet-7', name: 'Luna', role: 'sitter', owner_name: 'Anna Muster' },
        ],
      }),
    },
    'GET /v1/emergency/info': { body: fakeEmergencyInfo({ password: 'ABC123' }) },
    'GET /v1/pet': {
      body: [
        fakePet({ id: 'pet-1', name: 'Bello' }),
        fakePet({ id: 'pet-7', name: 'Luna', role: 'sitter', owner_name: 'Anna Muster' }),
      ],
    },
    'GET /v1/emergency': { body: '%PDF-1.7 shared' },
    'POST /v1/log': { status: 204 },
  });
  renderRoutes([{ path: '/emergency-data', element: <EmergencyDataPage /> }], { language });
  return server;
}

describe('/emergency-data: pets shared with the user', () => {
  it('lists the shared pet with its role and downloads its file by pet_id in the UI language', async () => {
    const server = setup();
    const row = await screen.findByTestId('shared-pet-file', {}, SLOW);
    expect(within(row).getByText('Luna')).toBeTruthy();
    expect(within(row).getByTestId('pet-role').textContent).toBe('Sitter');
    expect(within(row).getByText('from Anna Muster')).toBeTruthy();
    // Only the shared pet is listed there; the own one keeps its tag, the shared one has none.
    expect(screen.getAllByTestId('shared-pet-file')).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'QR tag of Bello' }, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'QR tag of Luna' })).toBeNull();

    fireEvent.click(within(row).getByRole('button', { name: 'Emergency file of Luna' }));
    await waitFor(() => expect(saved).toHaveLength(1), SLOW);
    const request = server.find('GET', '/v1/emergency')[0]!;
    expect(request.url.searchParams.get('pet_id')).toBe('pet-7');
    expect(request.url.searchParams.get('language')).toBe('en');
    expect(saved[0]!.name).toBe('Emergency_File_Luna.pdf');
  });

  it('in German: the German file of the shared pet', async () => {
    const server = setup('de');
    const row = await screen.findByTestId('shared-pet-file', {}, SLOW);
    fireEvent.click(within(row).getByRole('button', { name: 'Notfallakte von Luna' }));
    await waitFor(() => expect(saved).toHaveLength(1), SLOW);
    expect(server.find('GET', '/v1/emergency')[0]!.url.searchParams.get('language')).toBe('de');
    expect(saved[0]!.name).toBe('Notfallakte_Luna.pdf');
  });
});
