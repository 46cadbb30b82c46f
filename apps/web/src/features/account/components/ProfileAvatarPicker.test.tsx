import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeMyInfo, mockFetch } from '../../../test/fetchMock.ts';
import { pickAndCrop, stubObjectUrls } from '../../../test/imagePicking.tsx';
import { renderRoutes } from '../../../test/render.tsx';
import { mockXhr } from '../../../test/xhrMock.ts';
import { ProfilePage } from '../routes/ProfilePage.tsx';

vi.mock('react-easy-crop', () => import('../../../test/imagePicking.tsx').then((m) => m.fakeCropperModule));
vi.mock('../../../components/image/cropToJpeg.ts', () =>
  import('../../../test/imagePicking.tsx').then((m) => m.fakeCropToJpegModule),
);

function renderProfile() {
  const fetch = mockFetch({ 'GET /v1/auth/myinfo': { body: fakeMyInfo() } });
  renderRoutes([{ path: '/my-account/profile', element: <ProfilePage /> }], { url: '/my-account/profile' });
  return fetch;
}

/** Upload and myinfo refresh are several round trips: room for a busy machine. */
const SLOW = { timeout: 5000 };

beforeEach(() => stubObjectUrls());
afterEach(() => notifications.clean());

describe('profile picture', () => {
  it('pick, crop, upload with file_for=user, then myinfo is loaded again', async () => {
    const fetch = renderProfile();
    const xhr = mockXhr({
      'POST /v1/upload/image': { status: 201, body: { image_url: 'http://x/v1/files/u' } },
    });
    await screen.findByRole('button', { name: 'Add a profile picture' }, SLOW);
    const before = fetch.find('GET', '/v1/auth/myinfo').length;
    await pickAndCrop();
    expect(await screen.findByText('Your profile picture has been saved.', {}, SLOW)).toBeTruthy();
    expect(xhr.uploads[0]?.url.search).toBe('?file_for=user');
    await waitFor(() => expect(fetch.find('GET', '/v1/auth/myinfo').length).toBeGreaterThan(before), SLOW);
  });

  it('a failed upload shows "user image failed to upload"', async () => {
    renderProfile();
    mockXhr({ 'POST /v1/upload/image': { status: 500, body: { code: 'INTERNAL_ERROR', message: 'x' } } });
    await screen.findByRole('button', { name: 'Add a profile picture' }, SLOW);
    await pickAndCrop();
    expect(await screen.findByText(/^Your profile picture could not be uploaded\./, {}, SLOW)).toBeTruthy();
  });
});
