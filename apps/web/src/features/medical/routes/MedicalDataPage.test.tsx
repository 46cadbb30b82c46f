import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BELLO, PET_URL } from '../test/fakeMedical.ts';
import { renderMedical } from '../test/renderMedical.tsx';

const SLOW = { timeout: 4000 };

describe('medical pages of a pet that is not the user’s', () => {
  it.each([
    ['the overview', PET_URL],
    ['a category list', `${PET_URL}/allergies`],
    ['an add page', `${PET_URL}/vaccinations/add-vaccination`],
  ])('%s shows the pet-not-found screen, and no records are asked for', async (_page, url) => {
    const { server } = renderMedical(url, { handlers: { 'GET /v1/pet': { status: 404 } } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pet not found' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'To my pets' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Categories' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(server.find('GET', '/v1/medical/mypetmedicals')).toHaveLength(0);
  });
});

describe('medical pages reached under an old pet name', () => {
  it('a category list moves to the address with the pet’s current name, staying on that list', async () => {
    const { router } = renderMedical(`/pet-details/Old-Name/${BELLO.id}/medical-data/medications`);
    await waitFor(() => expect(router.state.location.pathname).toBe(`${PET_URL}/medications`), SLOW);
  });
});
