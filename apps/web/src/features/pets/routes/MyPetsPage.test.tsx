import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeMyInfo, mockFetch } from '../../../test/fetchMock.ts';
import { fakePet } from '../../../test/pets.ts';
import { BASIC, FREE, PREMIUM_GPS } from '../../../test/plans.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { MyPetsPage } from './MyPetsPage.tsx';

const pet = (id: string, name: string, extra: Record<string, unknown> = {}) =>
  fakePet({ id, name, race: 'Beagle', created_at: '2024-01-01T10:00:00.000Z', ...extra });

function renderList(options: {
  pets: unknown[] | { status: number };
  product?: unknown;
  brand?: 'petention' | 'hunde-schutz';
  language?: 'en' | 'de';
}) {
  const list = Array.isArray(options.pets) ? options.pets : [];
  mockFetch({
    'GET /v1/auth/myinfo': {
      body: fakeMyInfo({
        product: options.product ?? BASIC,
        pets: list.map((p) => ({ id: (p as { id: string }).id, name: (p as { name: string }).name })),
      }),
    },
    'GET /v1/pet': Array.isArray(options.pets) ? { body: options.pets } : options.pets,
  });
  return renderRoutes([{ path: '/dashboard/my-pets', element: <MyPetsPage /> }], {
    url: '/dashboard/my-pets',
    brand: options.brand,
    language: options.language,
  });
}

describe('my pets', () => {
  it('shows a card per pet linking to its page, and the add tile below the limit', async () => {
    const threeYearsAgo = new Date();
    threeYearsAgo.setFullYear(threeYearsAgo.getFullYear() - 3);
    const dob = `${String(threeYearsAgo.getDate()).padStart(2, '0')}.${String(threeYearsAgo.getMonth() + 1).padStart(2, '0')}.${threeYearsAgo.getFullYear()}`;
    renderList({
      pets: [
        pet('p1', 'Bello Junior', { date_of_birth: dob }),
        pet('p2', 'Mimi', { pet_type: 'Cat', race: null }),
      ],
    });
    const cards = await screen.findAllByTestId('pet-card');
    expect(cards.map((c) => c.getAttribute('href'))).toEqual([
      '/pet-details/Bello-Junior/p1',
      '/pet-details/Mimi/p2',
    ]);
    expect(within(cards[0] as HTMLElement).getByText('Dog · Beagle')).toBeTruthy();
    expect(within(cards[0] as HTMLElement).getByText('3 years')).toBeTruthy();
    expect(within(cards[1] as HTMLElement).getByText('Cat')).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Add pet' })).getAttribute('href')).toBe(
      '/dashboard/new-pet',
    );
    expect(screen.queryByTestId('plan-limit-notice')).toBeNull();
  });

  it('at the plan limit the tile becomes the limit message with an upgrade button', async () => {
    renderList({ pets: [pet('p1', 'Bello')], product: FREE });
    const notice = await screen.findByTestId('plan-limit-notice');
    expect(within(notice).getByText(/You have reached the pet limit of your plan/)).toBeTruthy();
    expect(
      within(notice)
        .getByRole('link', { name: /Upgrade now/ })
        .getAttribute('href'),
    ).toBe('/my-account/subscription');
    expect(screen.queryByRole('link', { name: 'Add pet' })).toBeNull();
  });

  it('on the top plan the limit message has no upgrade button', async () => {
    const pets = Array.from({ length: 10 }, (_, i) => pet(`p${i}`, `Pet ${i}`));
    renderList({ pets, product: PREMIUM_GPS });
    const notice = await screen.findByTestId('plan-limit-notice');
    expect(within(notice).getByText('You have reached the maximum number of pets.')).toBeTruthy();
    expect(within(notice).queryByRole('link')).toBeNull();
  });

  it('without pets: the "no pet" text and the add tile; dogs on hunde-schutz, in German', async () => {
    renderList({ pets: [], brand: 'hunde-schutz', language: 'de' });
    expect(await screen.findByText('Sie haben noch keinen Hund angelegt.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Meine Hunde' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Hund hinzufügen' })).toBeTruthy();
  });

  it('a failed load says so and offers a retry', async () => {
    renderList({ pets: { status: 500 } });
    expect(await screen.findByText('Your pets could not be loaded')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
