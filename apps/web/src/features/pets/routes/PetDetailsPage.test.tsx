import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeMyInfo, type MockAnswer, mockFetch } from '../../../test/fetchMock.ts';
import { pickAndCrop, stubObjectUrls } from '../../../test/imagePicking.tsx';
import { renderRoutes } from '../../../test/render.tsx';
import { mockXhr } from '../../../test/xhrMock.ts';
import { PetDetailsPage } from './PetDetailsPage.tsx';

vi.mock('react-easy-crop', () => import('../../../test/imagePicking.tsx').then((m) => m.fakeCropperModule));
vi.mock('../../../components/image/cropToJpeg.ts', () =>
  import('../../../test/imagePicking.tsx').then((m) => m.fakeCropToJpegModule),
);

const PET = {
  id: 'p1',
  name: 'Bello Junior',
  pet_type: 'Dog',
  gender: 'female',
  race: 'Beagle',
  date_of_birth: '01.02.2020',
  size: '45cm',
  color: 'brown',
  features: 'White spot on the chest',
  labeling: '276098106543210',
  ancestry: null,
  image_url: null,
  weights: [
    { weight: 12, date: '01.03.2024' },
    { weight: 10.5, date: '01.01.2024' },
  ],
  created_at: '2024-01-01T10:00:00.000Z',
};

/** The stored pet: a test may change it as the server would (a new picture). */
let stored: Omit<typeof PET, 'image_url'> & { image_url: string | null } = PET;

function renderDetails(url = '/pet-details/Bello-Junior/p1', remove: MockAnswer = { status: 204 }) {
  stored = PET;
  const fetch = mockFetch({
    'GET /v1/auth/myinfo': { body: fakeMyInfo({ pets: [{ id: 'p1', name: 'Bello Junior' }] }) },
    'GET /v1/pet': ({ url: u }) =>
      u.searchParams.get('pet_id') === 'p1' ? { body: stored } : { status: 404 },
    'DELETE /v1/pet': remove,
  });
  const view = renderRoutes(
    [
      { path: '/pet-details/:name/:id', element: <PetDetailsPage /> },
      { path: '/dashboard/my-pets', element: <p>pets list reached</p> },
    ],
    { url },
  );
  return { ...view, fetch };
}

/** Upload and refresh are several round trips: room for a busy machine. */
const SLOW = { timeout: 5000 };

beforeEach(() => stubObjectUrls());
afterEach(() => notifications.clean());

describe('pet page', () => {
  it('shows the profile, the weights and links to the pet sections', async () => {
    renderDetails();
    expect(await screen.findByRole('heading', { name: 'Bello Junior' })).toBeTruthy();
    expect(screen.getByText('Female')).toBeTruthy();
    expect(screen.getByText('45 cm')).toBeTruthy();
    expect(screen.getByText('276098106543210')).toBeTruthy();
    expect(screen.getByText(/^01\.02\.2020 \(\d+ years/)).toBeTruthy();
    const weights = within(screen.getByRole('list', { name: /Weighings/ })).getAllByRole('listitem');
    expect(weights.map((w) => w.textContent)).toEqual(['01.03.202412 kg', '01.01.202410.5 kg']);
    expect(screen.getByRole('link', { name: 'Edit profile' }).getAttribute('href')).toBe(
      '/pet-details/Bello-Junior/p1/my-pet',
    );
    for (const [name, section] of [
      [/^My pet/, 'my-pet'],
      [/Appointments/, 'appointments'],
      [/Medical data/, 'medical-data'],
      [/Document safe/, 'document-safe'],
      [/Contacts/, 'contacts'],
      [/Vet findings/, 'vet-findings'],
    ] as const) {
      expect(screen.getByRole('link', { name }).getAttribute('href')).toBe(
        `/pet-details/Bello-Junior/p1/${section}`,
      );
    }
  });

  it('delete asks first, naming the pet and what goes with it, then sends DELETE and goes to the list', async () => {
    const { fetch, router } = renderDetails();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete pet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Bello Junior?' });
    expect(within(dialog).getByText(/All appointments, reminders and files of Bello Junior/)).toBeTruthy();
    expect(fetch.find('DELETE', '/v1/pet')).toHaveLength(0);

    const petReads = () => fetch.find('GET', '/v1/pet').length;
    const readsBefore = petReads();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete permanently' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/my-pets'), { timeout: 3000 });
    const sent = fetch.find('DELETE', '/v1/pet');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url.searchParams.get('id')).toBe('p1');
    expect(await screen.findByText('Bello Junior has been deleted.')).toBeTruthy();
    // The deleted pet is not asked for again (that would answer 404).
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(petReads()).toBe(readsBefore);
  });

  it('a failed delete keeps the dialog open with the reason and is logged exactly once', async () => {
    const { fetch } = renderDetails(undefined, {
      status: 500,
      body: { code: 'INTERNAL_ERROR', message: 'x' },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete pet' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete permanently' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetch.find('DELETE', '/v1/pet')).toHaveLength(1);
    expect(fetch.find('POST', '/v1/log')).toHaveLength(1);
  });

  it('cancel keeps the pet', async () => {
    const { fetch } = renderDetails();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete pet' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetch.find('DELETE', '/v1/pet')).toHaveLength(0);
  });

  it("someone else's or a missing pet shows the not-found state", async () => {
    renderDetails('/pet-details/Rex/other');
    expect(await screen.findByRole('heading', { name: 'Pet not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'To my pets' }).getAttribute('href')).toBe('/dashboard/my-pets');
  });

  it('a url with an old name is replaced by the current one', async () => {
    const { router } = renderDetails('/pet-details/Bello/p1');
    await screen.findByRole('heading', { name: 'Bello Junior' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/pet-details/Bello-Junior/p1'));
  });

  it('the picture: pick, crop, upload with file_for=pet, then shown', async () => {
    const { fetch } = renderDetails();
    const xhr = mockXhr({
      'POST /v1/upload/image': () => {
        stored = { ...PET, image_url: 'http://localhost:3000/v1/files/new' };
        return { status: 201, body: { image_url: stored.image_url } };
      },
    });
    await screen.findByRole('button', { name: 'Add a picture' });
    await pickAndCrop();
    expect(await screen.findByText('The picture has been saved.', {}, SLOW)).toBeTruthy();
    expect(xhr.uploads[0]?.url.search).toBe('?file_for=pet&pet_id=p1');
    expect(await screen.findByRole('button', { name: 'Change picture' }, SLOW)).toBeTruthy();
    expect(fetch.find('GET', '/v1/pet').length).toBeGreaterThan(0);
  });

  it('a refused upload (413) says why', async () => {
    renderDetails();
    mockXhr({ 'POST /v1/upload/image': { status: 413, body: { code: 'PAYLOAD_TOO_LARGE', message: 'x' } } });
    await screen.findByRole('button', { name: 'Add a picture' });
    await pickAndCrop();
    expect(
      await screen.findByText(
        "The pet's picture could not be uploaded. The file is too large. Each file may be at most 25 MB.",
      ),
    ).toBeTruthy();
  });
});
