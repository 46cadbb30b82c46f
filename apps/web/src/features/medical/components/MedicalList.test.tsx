import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeItem, meOnFreePlan, PET_URL } from '../test/fakeMedical.ts';
import { renderMedical } from '../test/renderMedical.tsx';

const SLOW = { timeout: 4000 };
const ALLERGIES = `${PET_URL}/allergies`;

describe('medical list pages', () => {
  it("shows the pet's banner and only the category's records: name left, date right (dd.MM.yyyy)", async () => {
    renderMedical(ALLERGIES, {
      records: [
        fakeItem({ id: 'a1', name: 'Pollen', date: '12.05.2024' }),
        fakeItem({ id: 'a2', name: 'Fleas', known_since: '03.02.2021' }),
        fakeItem({ id: 'd1', medical_type: 'disease', name: 'Otitis' }),
      ],
    });
    const rows = await screen.findAllByTestId('medical-row', {}, SLOW);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Pollen')).toBeTruthy();
    expect(within(rows[0]!).getByText('12.05.2024').getAttribute('datetime')).toBe('2024-05-12');
    // Without a date of its own, the date it is known since.
    expect(within(rows[1]!).getByText('03.02.2021')).toBeTruthy();
    expect(screen.queryByText('Otitis')).toBeNull();
    expect(screen.getByTestId('pet-banner').textContent).toContain('Allergies');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bello' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add allergy' }).getAttribute('href')).toBe(
      `${ALLERGIES}/add-allergy`,
    );
    expect(screen.getByRole('link', { name: 'Medical data' }).getAttribute('href')).toBe(PET_URL);
  });

  it('vaccinations show their next due date', async () => {
    renderMedical(`${PET_URL}/vaccinations`, {
      records: [
        fakeItem({
          medical_type: 'vaccination',
          name: 'Rabies',
          date: '01.06.2025',
          next_due_date: '01.06.2028',
        }),
      ],
    });
    const [row] = await screen.findAllByTestId('medical-row', {}, SLOW);
    expect(within(row!).getByText('Next due 01.06.2028')).toBeTruthy();
    expect(within(row!).getByText('01.06.2025')).toBeTruthy();
  });

  it('empty: a prompt with one plus button to the add page', async () => {
    renderMedical(`${PET_URL}/diseases`);
    expect(await screen.findByText('No entries yet', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('Add the first entry with the button below.')).toBeTruthy();
    const add = screen.getAllByRole('link', { name: 'Add disease' });
    expect(add).toHaveLength(1);
    expect(add[0]!.getAttribute('href')).toBe(`${PET_URL}/diseases/add-disease`);
  });

  it('a plan without medical data: the plus is disabled and the limit message links to the plans', async () => {
    renderMedical(ALLERGIES, { me: meOnFreePlan(), records: [fakeItem({ name: 'Pollen' })] });
    expect(
      await screen.findByText('Adding medical data is not included in your plan.', {}, SLOW),
    ).toBeTruthy();
    const notice = screen.getByTestId('plan-limit-notice');
    expect(within(notice).getByRole('link').getAttribute('href')).toBe('/my-account/subscription');
    const plus = screen.getByRole('button', { name: 'Add allergy' });
    expect(plus.hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('link', { name: 'Add allergy' })).toBeNull();
    // Reading stays possible.
    expect(screen.getByText('Pollen')).toBeTruthy();
  });

  it('a plan without medical data: the empty state plus is disabled too', async () => {
    renderMedical(ALLERGIES, { me: meOnFreePlan() });
    expect(await screen.findByText('No entries yet', {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add allergy' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Adding medical data is not included in your plan.')).toBeTruthy();
    // No prompt to press a button that cannot be pressed.
    expect(screen.queryByText('Add the first entry with the button below.')).toBeNull();
  });

  it('a plan without medical data: the add page offers no form, only the message and the way back', async () => {
    renderMedical(`${ALLERGIES}/add-allergy`, { me: meOnFreePlan() });
    expect(
      await screen.findByText('Adding medical data is not included in your plan.', {}, SLOW),
    ).toBeTruthy();
    expect(screen.queryByLabelText(/^Allergy/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the list' }).getAttribute('href')).toBe(ALLERGIES);
  });

  it('in German: the category, the plus and the empty state', async () => {
    renderMedical(`${PET_URL}/medications`, { language: 'de' });
    expect(await screen.findByText('Noch keine Einträge', {}, SLOW)).toBeTruthy();
    expect(screen.getByTestId('pet-banner').textContent).toContain('Medikamente');
    expect(screen.getByRole('link', { name: 'Medikament hinzufügen' })).toBeTruthy();
  });
});
