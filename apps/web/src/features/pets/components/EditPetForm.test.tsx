import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fakeMyInfo, type MockAnswer, mockFetch } from '../../../test/fetchMock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { MyPetPage } from '../routes/MyPetPage.tsx';

const PET = {
  id: 'p1',
  name: 'Bello',
  pet_type: 'Dog',
  gender: 'male',
  race: 'Beagle',
  date_of_birth: '01.02.2020',
  size: '45cm',
  color: 'brown',
  features: null,
  labeling: '276098106543210',
  ancestry: null,
  image_url: null,
  weights: [
    { weight: 12, date: '01.03.2024' },
    { weight: 10.5, date: '01.01.2024' },
  ],
  created_at: '2024-01-01T10:00:00.000Z',
};

function renderEdit(
  language: 'en' | 'de' = 'en',
  brand: 'petention' | 'hunde-schutz' = 'petention',
  put?: MockAnswer,
) {
  const fetch = mockFetch({
    'GET /v1/auth/myinfo': { body: fakeMyInfo({ pets: [{ id: 'p1', name: 'Bello' }] }) },
    'GET /v1/pet': ({ url }) => (url.searchParams.get('pet_id') === 'p1' ? { body: PET } : { body: [PET] }),
    'PUT /v1/pet': ({ body }) =>
      put ?? { body: { ...PET, ...(body as object), size: `${(body as { size: number }).size}cm` } },
  });
  const view = renderRoutes([{ path: '/pet-details/:name/:id/my-pet', element: <MyPetPage /> }], {
    url: '/pet-details/Bello/p1/my-pet',
    language,
    brand,
  });
  return { ...view, fetch };
}

const weightInput = () => screen.getByRole('textbox', { name: /^Weight \(kg\)|^Gewicht \(kg\)/ });
const dateInput = () => screen.getByRole('textbox', { name: /^Weighing date|^Wiegedatum/ });
const weighings = () =>
  within(screen.getByRole('list', { name: /Weighings|Wiegungen/ }))
    .getAllByRole('listitem')
    .map((item) => [...item.querySelectorAll('p')].map((p) => p.textContent).join(' '));
const IGNORED = /Weight response ignored: the weight entry is incomplete or negative/;

function enterWeight(weight: string, date: string) {
  fireEvent.change(weightInput(), { target: { value: weight } });
  fireEvent.change(dateInput(), { target: { value: date } });
}

// jsdom has no FontFaceSet; Mantine's autosize textarea (recognizable features) listens to it.
beforeAll(() => {
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => {}, removeEventListener: () => {} },
    });
  }
});
afterEach(() => notifications.clean());

describe('edit pet: weights', () => {
  it('add appends the entry, sorts newest first and clears the inputs', async () => {
    renderEdit();
    await screen.findByRole('textbox', { name: /^Name/ });
    expect(weighings()).toEqual(['01.03.2024 12 kg', '01.01.2024 10.5 kg']);
    enterWeight('11.25', '01.02.2024');
    fireEvent.click(screen.getByRole('button', { name: 'Add weight' }));
    expect(weighings()).toEqual(['01.03.2024 12 kg', '01.02.2024 11.25 kg', '01.01.2024 10.5 kg']);
    expect((weightInput() as HTMLInputElement).value).toBe('');
    expect((dateInput() as HTMLInputElement).value).toBe('');
  });

  it('German: a decimal comma is taken', async () => {
    renderEdit('de');
    await screen.findByRole('textbox', { name: /^Name/ });
    enterWeight('13,5', '02.04.2024');
    fireEvent.click(screen.getByRole('button', { name: 'Gewicht hinzufügen' }));
    expect(weighings()[0]).toBe('02.04.2024 13,5 kg');
  });

  it('add with both inputs empty shows both errors', async () => {
    const { fetch } = renderEdit();
    await screen.findByRole('textbox', { name: /^Name/ });
    fireEvent.click(screen.getByRole('button', { name: 'Add weight' }));
    expect(await screen.findByText('Please enter a weight.')).toBeTruthy();
    expect(screen.getByText('Please enter the date of the weighing.')).toBeTruthy();
    expect(weightInput().getAttribute('aria-invalid')).toBe('true');
    expect(dateInput().getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText(IGNORED)).toBeNull();
    expect(weighings()).toHaveLength(2);
    expect(fetch.find('PUT', '/v1/pet')).toHaveLength(0);
  });

  it('save with a weight but no date: paused, error under the date, "ignored", nothing sent', async () => {
    const { fetch } = renderEdit();
    await screen.findByRole('textbox', { name: /^Name/ });
    fireEvent.change(weightInput(), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter the date of the weighing.')).toBeTruthy();
    expect(screen.getByText(IGNORED)).toBeTruthy();
    expect(screen.queryByText('Please enter a weight.')).toBeNull();
    expect(dateInput().getAttribute('aria-invalid')).toBe('true');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetch.find('PUT', '/v1/pet')).toHaveLength(0);
  });

  it('save with a date but no weight: the error is under the weight', async () => {
    const { fetch } = renderEdit();
    await screen.findByRole('textbox', { name: /^Name/ });
    fireEvent.change(dateInput(), { target: { value: '05.05.2024' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter a weight.')).toBeTruthy();
    expect(screen.getByText(IGNORED)).toBeTruthy();
    expect(weightInput().getAttribute('aria-invalid')).toBe('true');
    expect(fetch.find('PUT', '/v1/pet')).toHaveLength(0);
  });

  it('a negative weight pauses the save too; correcting the input takes the messages away', async () => {
    const { fetch } = renderEdit();
    await screen.findByRole('textbox', { name: /^Name/ });
    enterWeight('-2', '05.05.2024');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The weight cannot be negative.')).toBeTruthy();
    expect(screen.getByText(IGNORED)).toBeTruthy();
    expect(fetch.find('PUT', '/v1/pet')).toHaveLength(0);
    fireEvent.change(weightInput(), { target: { value: '2' } });
    await waitFor(() => expect(screen.queryByText('The weight cannot be negative.')).toBeNull());
    expect(screen.queryByText(IGNORED)).toBeNull();
  });

  it('save sends the whole pet with the entered weight added, newest first', async () => {
    const { fetch } = renderEdit();
    await screen.findByRole('textbox', { name: /^Name/ });
    enterWeight('12.8', '01.06.2024');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetch.find('PUT', '/v1/pet')).toHaveLength(1));
    const put = fetch.find('PUT', '/v1/pet')[0];
    expect(put?.url.searchParams.get('id')).toBe('p1');
    expect(put?.body).toEqual({
      name: 'Bello',
      pet_type: 'Dog',
      gender: 'male',
      race: 'Beagle',
      date_of_birth: '01.02.2020',
      size: 45,
      color: 'brown',
      features: null,
      labeling: '276098106543210',
      ancestry: null,
      weights: [
        { weight: 12.8, date: '01.06.2024' },
        { weight: 12, date: '01.03.2024' },
        { weight: 10.5, date: '01.01.2024' },
      ],
    });
    expect(await screen.findByText('The profile of Bello has been saved.')).toBeTruthy();
  });

  it('a failed save says so and is logged exactly once', async () => {
    const { fetch } = renderEdit('en', 'petention', {
      status: 500,
      body: { code: 'INTERNAL_ERROR', message: 'x' },
    });
    await screen.findByRole('textbox', { name: /^Name/ });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetch.find('PUT', '/v1/pet')).toHaveLength(1);
    expect(fetch.find('POST', '/v1/log')).toHaveLength(1);
  });

  it('a removed weight is left out of the save', async () => {
    const { fetch } = renderEdit();
    await screen.findByRole('textbox', { name: /^Name/ });
    fireEvent.click(screen.getByRole('button', { name: 'Remove 12 kg from 01.03.2024' }));
    expect(weighings()).toEqual(['01.01.2024 10.5 kg']);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetch.find('PUT', '/v1/pet')).toHaveLength(1));
    expect(fetch.find('PUT', '/v1/pet')[0]?.body).toMatchObject({
      weights: [{ weight: 10.5, date: '01.01.2024' }],
    });
  });
});

describe('edit pet: other fields', () => {
  it('a size outside 10 to 100 cm is refused on blur', async () => {
    const { fetch } = renderEdit();
    const size = await screen.findByRole('textbox', { name: /^Size/ });
    fireEvent.change(size, { target: { value: '120' } });
    fireEvent.blur(size);
    expect(
      await screen.findByText('Please enter a size in whole centimetres between 10 and 100.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetch.find('PUT', '/v1/pet')).toHaveLength(0);
  });

  it('a new name moves to the renamed url and updates the side bar data', async () => {
    const { fetch, router, queryClient } = renderEdit();
    // The layout holds myinfo (side bar, breadcrumbs); here the cache is filled by hand.
    queryClient.setQueryData(['myinfo'], fakeMyInfo({ pets: [{ id: 'p1', name: 'Bello' }] }));
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    fireEvent.change(name, { target: { value: 'Bello Junior' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pet-details/Bello-Junior/p1/my-pet'), {
      timeout: 3000,
    });
    expect(fetch.find('PUT', '/v1/pet')).toHaveLength(1);
    const me = queryClient.getQueryData<{ pets: unknown }>(['myinfo']);
    expect(me?.pets).toEqual([{ id: 'p1', name: 'Bello Junior' }]);
  });

  it('hunde-schutz shows no species picker and keeps Dog', async () => {
    const { fetch } = renderEdit('en', 'hunde-schutz');
    await screen.findByRole('textbox', { name: /^Name/ });
    expect(screen.queryByRole('radio', { name: 'Cat' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetch.find('PUT', '/v1/pet')).toHaveLength(1));
    expect(fetch.find('PUT', '/v1/pet')[0]?.body).toMatchObject({ pet_type: 'Dog' });
  });
});
