import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeMyInfo, mockFetch } from '../../../test/fetchMock.ts';
import {
  CROPPED_JPEG,
  chooseFile,
  imageFile,
  pickAndCrop,
  stubObjectUrls,
} from '../../../test/imagePicking.tsx';
import { fakePet } from '../../../test/pets.ts';
import { BASIC, FREE } from '../../../test/plans.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { mockXhr } from '../../../test/xhrMock.ts';
import { NewPetPage } from '../routes/NewPetPage.tsx';

vi.mock('react-easy-crop', () => import('../../../test/imagePicking.tsx').then((m) => m.fakeCropperModule));
vi.mock('../../../components/image/cropToJpeg.ts', () =>
  import('../../../test/imagePicking.tsx').then((m) => m.fakeCropToJpegModule),
);

const CREATED = fakePet({ id: 'p9', name: 'Mimi', pet_type: 'Cat', gender: null });

function renderAddPet(
  options: { brand?: 'petention' | 'hunde-schutz'; me?: Record<string, unknown>; create?: unknown } = {},
) {
  const fetch = mockFetch({
    'GET /v1/auth/myinfo': { body: fakeMyInfo({ product: BASIC, ...options.me }) },
    'POST /v1/pet':
      (options.create as never) ??
      (({ body }) => ({ status: 201, body: { ...CREATED, ...(body as object) } })),
    'GET /v1/pet': { body: [] },
  });
  const view = renderRoutes(
    [
      { path: '/dashboard/new-pet', element: <NewPetPage /> },
      { path: '/dashboard', element: <p>dashboard reached</p> },
    ],
    { url: '/dashboard/new-pet', brand: options.brand },
  );
  return { ...view, fetch };
}

const nameInput = () => screen.getByRole('textbox', { name: /^Name/ });
const addButton = () => screen.getByRole('button', { name: /^Add (pet|dog)$/ });

/** Create, upload and the myinfo refresh are several round trips: room for a busy machine. */
const SLOW = { timeout: 5000 };

beforeEach(() => stubObjectUrls());
afterEach(() => notifications.clean());

describe('add pet', () => {
  it('validates on blur with the shared schema and sends nothing while invalid', async () => {
    const { fetch } = renderAddPet();
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    fireEvent.focus(name);
    fireEvent.blur(name);
    expect(await screen.findByText('Please enter a name.')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');

    fireEvent.click(addButton());
    expect(await screen.findByText('Please choose one of the listed pet types.')).toBeTruthy();
    expect(fetch.find('POST', '/v1/pet')).toHaveLength(0);

    // A valid value takes the message away on change (validation mode onTouched).
    fireEvent.change(name, { target: { value: 'Mimi' } });
    await waitFor(() => expect(screen.queryByText('Please enter a name.')).toBeNull());
  });

  it('creates the pet, uploads the cropped picture for it, then goes to the dashboard', async () => {
    const { fetch, router } = renderAddPet();
    const xhr = mockXhr({
      'POST /v1/upload/image': { status: 201, body: { image_url: 'http://x/v1/files/f1' } },
    });
    fireEvent.click(await screen.findByRole('radio', { name: 'Cat' }));
    fireEvent.change(nameInput(), { target: { value: '  Mimi ' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Date of birth' }), {
      target: { value: '01.02.2020' },
    });
    fireEvent.click(screen.getByRole('radio', { name: 'Female' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Breed' }), { target: { value: 'Maine Coon' } });
    await pickAndCrop();
    expect(await screen.findByRole('button', { name: 'Change picture' })).toBeTruthy();

    fireEvent.click(addButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), SLOW);
    expect(fetch.find('POST', '/v1/pet')[0]?.body).toEqual({
      name: 'Mimi',
      pet_type: 'Cat',
      gender: 'female',
      race: 'Maine Coon',
      date_of_birth: '01.02.2020',
    });
    expect(xhr.uploads).toHaveLength(1);
    const upload = xhr.uploads[0];
    expect(upload?.url.search).toBe('?file_for=pet&pet_id=p9');
    expect(upload?.file?.type).toBe(CROPPED_JPEG.type);
    expect(upload?.file?.size).toBe(CROPPED_JPEG.size);
    // The new pet goes into the side bar: myinfo is fetched again after the create.
    expect(fetch.find('GET', '/v1/auth/myinfo').length).toBeGreaterThan(1);
    expect(await screen.findByText('dashboard reached')).toBeTruthy();
    expect(await screen.findByText('Mimi has been added.', {}, SLOW)).toBeTruthy();
  });

  it('without a picture there is no upload', async () => {
    const { router } = renderAddPet();
    const xhr = mockXhr({});
    fireEvent.click(await screen.findByRole('radio', { name: 'Dog' }));
    fireEvent.change(nameInput(), { target: { value: 'Bello' } });
    fireEvent.click(addButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), SLOW);
    expect(xhr.uploads).toHaveLength(0);
  });

  it('a failed picture upload keeps the pet, says so and still goes on', async () => {
    const { fetch, router } = renderAddPet();
    mockXhr({
      'POST /v1/upload/image': { status: 415, body: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'x' } },
    });
    fireEvent.click(await screen.findByRole('radio', { name: 'Cat' }));
    fireEvent.change(nameInput(), { target: { value: 'Mimi' } });
    await pickAndCrop();
    fireEvent.click(addButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), SLOW);
    expect(fetch.find('POST', '/v1/pet')).toHaveLength(1);
    expect(await screen.findByText("The pet's picture could not be uploaded.", {}, SLOW)).toBeTruthy();
    expect(screen.getByText('This file type is not supported.')).toBeTruthy();
  });

  it('refuses a file over 25 MB and a file that is no image before anything is sent', async () => {
    renderAddPet();
    const xhr = mockXhr({});
    await screen.findByRole('textbox', { name: /^Name/ });
    chooseFile(imageFile({ size: 26 * 1024 * 1024 }));
    expect(await screen.findByText('The file is too large. Each file may be at most 25 MB.')).toBeTruthy();
    chooseFile(imageFile({ name: 'notes.pdf', type: 'application/pdf' }));
    expect(await screen.findByText('This file type is not supported.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Crop done' })).toBeNull();
    expect(xhr.uploads).toHaveLength(0);
  });

  it('hunde-schutz has no species choice and sends Dog', async () => {
    const { fetch, router } = renderAddPet({ brand: 'hunde-schutz' });
    await screen.findByRole('textbox', { name: /^Name/ });
    expect(screen.queryByRole('radiogroup', { name: /Species/ })).toBeNull();
    expect(screen.queryByRole('radio', { name: 'Cat' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Add a dog' })).toBeTruthy();
    fireEvent.change(nameInput(), { target: { value: 'Rex' } });
    fireEvent.click(addButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), SLOW);
    expect(fetch.find('POST', '/v1/pet')[0]?.body).toMatchObject({ name: 'Rex', pet_type: 'Dog' });
  });

  it('a 403 LIMIT_REACHED answer shows the plan limit notice with the upgrade button', async () => {
    const { router } = renderAddPet({
      create: { status: 403, body: { code: 'LIMIT_REACHED', message: 'Basic_Pet_Limit_Reached_Message' } },
    });
    fireEvent.click(await screen.findByRole('radio', { name: 'Dog' }));
    fireEvent.change(nameInput(), { target: { value: 'Bello' } });
    fireEvent.click(addButton());
    const notice = await screen.findByTestId('plan-limit-notice');
    expect(within(notice).getByText(/You have reached the pet limit of your plan/)).toBeTruthy();
    expect(
      within(notice)
        .getByRole('link', { name: /Upgrade now/ })
        .getAttribute('href'),
    ).toBe('/my-account/subscription');
    expect(router.state.location.pathname).toBe('/dashboard/new-pet');
  });

  it('server field errors go under their fields', async () => {
    renderAddPet({
      create: {
        status: 400,
        body: { code: 'VALIDATION_ERROR', message: 'Bad_Request_Text', fields: { name: 'Max_Length_Error' } },
      },
    });
    fireEvent.click(await screen.findByRole('radio', { name: 'Dog' }));
    fireEvent.change(nameInput(), { target: { value: 'Bello' } });
    fireEvent.click(addButton());
    expect(await screen.findByText('This entry is too long.')).toBeTruthy();
    expect(nameInput().getAttribute('aria-invalid')).toBe('true');
  });

  it('at the plan limit the form says so and cannot be sent', async () => {
    const { fetch } = renderAddPet({ me: { product: FREE, pets: [{ id: 'p1', name: 'Bello' }] } });
    expect(await screen.findByTestId('plan-limit-notice')).toBeTruthy();
    expect(addButton().hasAttribute('disabled')).toBe(true);
    expect(fetch.find('POST', '/v1/pet')).toHaveLength(0);
  });

  it('German texts', async () => {
    mockFetch({ 'GET /v1/auth/myinfo': { body: fakeMyInfo({ product: BASIC }) } });
    renderRoutes([{ path: '/pets', element: <NewPetPage /> }], { url: '/pets', language: 'de' });
    expect(await screen.findByRole('heading', { name: 'Tier hinzufügen' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Katze' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Geburtsdatum' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Bild hinzufügen' })).toBeTruthy();
  });
});
