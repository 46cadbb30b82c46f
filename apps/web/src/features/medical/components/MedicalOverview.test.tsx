import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BELLO, fakeItem, PET_URL } from '../test/fakeMedical.ts';
import { renderMedical } from '../test/renderMedical.tsx';

const SLOW = { timeout: 4000 };

const RECORDS = [
  fakeItem({ id: 'a1', medical_type: 'allergy', name: 'Pollen' }),
  fakeItem({ id: 'a2', medical_type: 'allergy', name: 'Fleas' }),
  fakeItem({ id: 'm1', medical_type: 'medication', name: 'Apoquel' }),
  fakeItem({ id: 'v1', medical_type: 'vaccination', name: 'Rabies' }),
];

describe('medical data overview', () => {
  it('shows a row per category with its count, each linking to its list', async () => {
    const { server } = renderMedical(PET_URL, { records: RECORDS });
    const nav = await screen.findByRole('navigation', { name: 'Categories' }, SLOW);
    expect(server.find('GET', '/v1/medical/mypetmedicals')[0]!.url.searchParams.get('pet_id')).toBe(BELLO.id);
    const rows = within(nav).getAllByRole('link');
    expect(rows.map((row) => row.getAttribute('href'))).toEqual([
      `${PET_URL}/allergies`,
      `${PET_URL}/diseases`,
      `${PET_URL}/medicalinterventions`,
      `${PET_URL}/medications`,
      `${PET_URL}/vaccinations`,
      `${PET_URL}/dewormings`,
    ]);
    const count = (type: string) => within(screen.getByTestId(`medical-category-${type}`));
    expect(count('allergy').getByText('2 entries')).toBeTruthy();
    expect(count('allergy').getByText('Allergies')).toBeTruthy();
    expect(count('disease').getByText('No entries')).toBeTruthy();
    expect(count('intervention').getByText('Medical interventions')).toBeTruthy();
    expect(count('medication').getByText('1 entry')).toBeTruthy();
    expect(count('vaccination').getByText('1 entry')).toBeTruthy();
    expect(count('deworming').getByText('No entries')).toBeTruthy();
    // The banner names the pet.
    expect(await screen.findByRole('heading', { level: 1, name: 'Bello' })).toBeTruthy();
  });

  it('in German: categories and counts', async () => {
    renderMedical(PET_URL, { records: RECORDS, language: 'de' });
    const nav = await screen.findByRole('navigation', { name: 'Bereiche' }, SLOW);
    expect(within(nav).getByText('Allergien')).toBeTruthy();
    expect(within(nav).getByText('Medizinische Eingriffe')).toBeTruthy();
    expect(within(nav).getByText('Entwurmungen')).toBeTruthy();
    expect(within(nav).getByText('2 Einträge')).toBeTruthy();
    expect(within(nav).getAllByText('1 Eintrag')).toHaveLength(2);
    expect(within(nav).getAllByText('Keine Einträge')).toHaveLength(3);
    expect(screen.getByText('Medizinische Daten')).toBeTruthy();
  });

  it('hunde-schutz: the subtitle speaks of the dog', async () => {
    renderMedical(PET_URL, { brand: 'hunde-schutz' });
    expect(
      await screen.findByText("Everything about your dog's health, sorted by category.", {}, SLOW),
    ).toBeTruthy();
  });

  it('a failed read says so and can be retried', async () => {
    const { server } = renderMedical(PET_URL, {
      handlers: {
        'GET /v1/medical/mypetmedicals': { status: 500, body: { code: 'INTERNAL_ERROR', message: 'x' } },
      },
    });
    expect(await screen.findByText(/The medical data could not be loaded/, {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(server.find('GET', '/v1/medical/mypetmedicals')).toHaveLength(2));
  });
});
