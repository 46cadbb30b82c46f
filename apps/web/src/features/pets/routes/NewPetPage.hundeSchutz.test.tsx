// The add-pet page of the dog-protection brand, in both languages: dog wording and no species choice. The
// e2e add-pet journey runs on petention only; AddPetForm.test.tsx proves that this brand sends Dog.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeMyInfo, mockFetch } from '../../../test/fetchMock.ts';
import { BASIC } from '../../../test/plans.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { NewPetPage } from './NewPetPage.tsx';

function renderNewPet(language: 'en' | 'de') {
  mockFetch({ 'GET /v1/auth/myinfo': { body: fakeMyInfo({ product: BASIC }) }, 'GET /v1/pet': { body: [] } });
  renderRoutes([{ path: '/dashboard/new-pet', element: <NewPetPage /> }], {
    url: '/dashboard/new-pet',
    brand: 'hunde-schutz',
    language,
  });
}

describe('hunde-schutz: add a dog', () => {
  it('speaks of a dog and offers no species', async () => {
    renderNewPet('en');
    expect(await screen.findByRole('heading', { level: 1, name: 'Add a dog' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add dog' })).toBeTruthy();
    expect(screen.queryByRole('radiogroup', { name: /Species/ })).toBeNull();
  });

  it('in German', async () => {
    renderNewPet('de');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hund hinzufügen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Hund hinzufügen' })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'Katze' })).toBeNull();
  });
});
