// What each role sees of a pet's own pages (issue 45): a co-owner edits but does not delete the pet, a
// sitter only reads; My pets names the role and the owner of a shared pet.

import type { Pet } from '@pet/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeMyInfo, mockFetch } from '../../../test/fetchMock.ts';
import { fakePet } from '../../../test/pets.ts';
import { BASIC } from '../../../test/plans.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { MyPetPage } from './MyPetPage.tsx';
import { MyPetsPage } from './MyPetsPage.tsx';
import { PetDetailsPage } from './PetDetailsPage.tsx';

const SLOW = { timeout: 4000 };
const OWN = fakePet({ id: 'p1', name: 'Bello' });
const CO_OWNED = fakePet({ id: 'p2', name: 'Luna', role: 'co-owner', owner_name: 'Anna Muster' });
const SAT = fakePet({ id: 'p3', name: 'Mia', role: 'sitter', owner_name: 'Tom Weber' });

function serve(pets: Pet[]) {
  mockFetch({
    'GET /v1/auth/myinfo': {
      body: fakeMyInfo({
        product: BASIC,
        pets: pets.map(({ id, name, role, owner_name }) => ({ id, name, role, owner_name })),
      }),
    },
    'GET /v1/pet': ({ url }) => {
      const id = url.searchParams.get('pet_id');
      if (!id) return { body: pets };
      const pet = pets.find((p) => p.id === id);
      return pet ? { body: pet } : { status: 404 };
    },
  });
}

function renderPetPage(pet: Pet, page: 'details' | 'my-pet', language?: 'en' | 'de') {
  serve([pet]);
  const base = `/pet-details/${pet.name}/${pet.id}`;
  return renderRoutes(
    [
      { path: '/pet-details/:name/:id', element: <PetDetailsPage /> },
      { path: '/pet-details/:name/:id/my-pet', element: <MyPetPage /> },
    ],
    { url: page === 'details' ? base : `${base}/my-pet`, language },
  );
}

describe('pet page by role', () => {
  it('the owner sees edit, delete and the picture button', async () => {
    renderPetPage(OWN, 'details');
    expect(await screen.findByRole('link', { name: 'Edit profile' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete pet' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add a picture' })).toBeTruthy();
    expect(screen.queryByTestId('pet-role')).toBeNull();
  });

  it('a co-owner sees edit and the picture button, but no delete-pet button', async () => {
    renderPetPage(CO_OWNED, 'details');
    expect(await screen.findByRole('link', { name: 'Edit profile' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add a picture' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete pet' })).toBeNull();
    expect(screen.getByTestId('pet-role').textContent).toBe('Co-owner');
    expect(screen.getByText('from Anna Muster')).toBeTruthy();
  });

  it('a sitter sees the profile without edit, delete, picture or weight links', async () => {
    renderPetPage(SAT, 'details');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mia' }, SLOW)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Edit profile' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete pet' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add a picture' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add weighings on the edit page' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Edit pet profile/ })).toBeNull();
    expect(screen.getByTestId('pet-role').textContent).toBe('Sitter');
  });

  it('a sitter opening the edit address sees the notice instead of the form', async () => {
    renderPetPage(SAT, 'my-pet');
    expect(await screen.findByText('Only the owner or co-owners can change this.', {}, SLOW)).toBeTruthy();
    expect(screen.queryByText('Edit pet profile')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/pet-details/Mia/p3');
  });

  it('in German: the notice for a sitter', async () => {
    renderPetPage(SAT, 'my-pet', 'de');
    expect(
      await screen.findByText('Nur Besitzer/innen und Mitbesitzer/innen können das ändern.', {}, SLOW),
    ).toBeTruthy();
  });
});

describe('my pets with shared pets', () => {
  it("a shared pet shows its role and its owner; the user's own none", async () => {
    serve([OWN, CO_OWNED, SAT]);
    renderRoutes([{ path: '/dashboard/my-pets', element: <MyPetsPage /> }], { url: '/dashboard/my-pets' });
    const cards = await screen.findAllByTestId('pet-card', {}, SLOW);
    expect(cards).toHaveLength(3);
    expect(within(cards[0]!).queryByTestId('pet-role')).toBeNull();
    expect(within(cards[1]!).getByTestId('pet-role').textContent).toBe('Co-owner');
    expect(within(cards[1]!).getByText('from Anna Muster')).toBeTruthy();
    expect(within(cards[2]!).getByTestId('pet-role').textContent).toBe('Sitter');
    expect(within(cards[2]!).getByText('from Tom Weber')).toBeTruthy();
  });

  it('in German: Mitbesitzer, von <owner>', async () => {
    serve([CO_OWNED]);
    renderRoutes([{ path: '/dashboard/my-pets', element: <MyPetsPage /> }], {
      url: '/dashboard/my-pets',
      language: 'de',
    });
    const card = await screen.findByTestId('pet-card', {}, SLOW);
    expect(within(card).getByTestId('pet-role').textContent).toBe('Mitbesitzer/in');
    expect(within(card).getByText('von Anna Muster')).toBeTruthy();
  });
});
