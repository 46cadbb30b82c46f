// Spec 2 "List page behaviour" (issue 47, point 8): "Accordion animation: 250 ms for contacts, 500 ms for
// lists". The list pages (medical records, documents) show their entries in RecordAccordion: a row opens and
// closes with a 500 ms animation. (The contacts' 250 ms: features/contacts/components/ContactsByType.spec-rows.)
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeDocument, fakeList, SAFE_URL } from '../features/documents/test/fakeDocuments.ts';
import { renderDocuments } from '../features/documents/test/renderDocuments.tsx';
import { fakeItem, PET_URL } from '../features/medical/test/fakeMedical.ts';
import { renderMedical } from '../features/medical/test/renderMedical.tsx';

const SLOW = { timeout: 4000 };

/** The milliseconds of every transition in an element's inline style. */
function transitionDurations(element: HTMLElement): number[] {
  return [...element.style.transition.matchAll(/(\d+)ms/g)].map((match) => Number(match[1]));
}

/** Opens the row, checks its panel's animation, closes it and checks again. */
async function expectRowAnimation(row: HTMLElement, ms: number) {
  const control = within(row).getAllByRole('button')[0] as HTMLElement;
  fireEvent.click(control);
  await waitFor(() => expect(control.getAttribute('aria-expanded')).toBe('true'));
  const panel = document.getElementById(control.getAttribute('aria-controls') ?? '') as HTMLElement;
  expect(transitionDurations(panel).length).toBeGreaterThan(0);
  expect(new Set(transitionDurations(panel))).toEqual(new Set([ms]));
  fireEvent.click(control);
  await waitFor(() => expect(control.getAttribute('aria-expanded')).toBe('false'));
  expect(new Set(transitionDurations(panel))).toEqual(new Set([ms]));
}

describe('list accordion animation 500 ms (spec 2 list page behaviour)', () => {
  it('a medical record row opens and closes in 500 ms', async () => {
    renderMedical(`${PET_URL}/allergies`, { records: [fakeItem({ id: 'a1', name: 'Pollen' })] });
    const [row] = await screen.findAllByTestId('medical-row', {}, SLOW);
    await expectRowAnimation(row as HTMLElement, 500);
  });

  it('a document row opens and closes in 500 ms', async () => {
    renderDocuments(`${SAFE_URL}/insurances`, {
      list: fakeList([fakeDocument({ id: 'd1', description: 'Liability 2025' })]),
    });
    const [row] = await screen.findAllByTestId('document-row', {}, SLOW);
    await expectRowAnimation(row as HTMLElement, 500);
  });
});
