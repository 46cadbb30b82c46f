import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../test/fetchMock.ts';
import { renderRoutes } from '../test/render.tsx';
import { PetBanner } from './PetBanner.tsx';

const SLOW = { timeout: 4000 };

function pet(overrides: Record<string, unknown> = {}) {
  return { id: 'pet-1', name: 'Bello Junior', pet_type: 'Dog', image_url: null, ...overrides };
}

function show(answer: { status?: number; body?: unknown }, language?: 'de') {
  const server = mockFetch({ 'GET /v1/pet': answer });
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <PetBanner
            petId="pet-1"
            section="Appointments"
            fallbackName="Bello Junior"
            actions={<button type="button">Act</button>}
          />
        ),
      },
    ],
    { language },
  );
  return server;
}

describe('pet banner', () => {
  it('reads the pet by id and shows its name as the page heading with its picture', async () => {
    const server = show({ body: pet({ image_url: 'https://files.example/pet-1.jpg' }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Bello Junior' }, SLOW)).toBeTruthy();
    expect(server.find('GET', '/v1/pet')[0]?.url.searchParams.get('pet_id')).toBe('pet-1');
    expect(screen.getByText('Appointments')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Act' })).toBeTruthy();
    // jsdom loads no images, so Mantine's Avatar keeps its placeholder: the request is what counts.
    const img = document.querySelector('img');
    if (img) expect(img.getAttribute('src')).toBe('https://files.example/pet-1.jpg');
  });

  it('without a picture: a placeholder avatar, no broken image', async () => {
    show({ body: pet({ name: 'Mieze', pet_type: 'Cat' }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mieze' }, SLOW)).toBeTruthy();
    expect(document.querySelector('img')).toBeNull();
    expect(document.querySelector('.tabler-icon-cat')).toBeTruthy();
  });

  it('a pet that cannot be read keeps the name from the route', async () => {
    show({ status: 404, body: { code: 'NOT_FOUND', message: 'Not_Found_Text' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Bello Junior' }, SLOW)).toBeTruthy();
  });
});
