// Spec 2 "List page behaviour" (issue 47, point 8): "Accordion animation: 250 ms for contacts, 500 ms for
// lists". The contacts page has two accordions, the types and, inside a type, its contacts: both 250 ms.
// (The 500 ms of the record lists: components/RecordAccordion.spec-rows.test.tsx.)
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeContact, fakeContactsServer, renderContactsPage } from '../test/fakeContacts.tsx';

const SLOW = { timeout: 4000 };

afterEach(() => {
  notifications.clean();
  vi.restoreAllMocks();
});

/** The milliseconds of every transition in an element's inline style. */
function transitionDurations(element: HTMLElement): number[] {
  return [...element.style.transition.matchAll(/(\d+)ms/g)].map((match) => Number(match[1]));
}

/** The panel an accordion control opens (aria-controls). */
function panelOf(control: HTMLElement): HTMLElement {
  const panel = document.getElementById(control.getAttribute('aria-controls') ?? '');
  if (!panel) throw new Error('The control has no panel');
  return panel;
}

describe('contacts accordion animation 250 ms (spec 2 list page behaviour)', () => {
  it('a contact type and a contact in it open with a 250 ms animation', async () => {
    fakeContactsServer({ contacts: [fakeContact()] });
    renderContactsPage();
    const types = await screen.findAllByTestId('contact-type', {}, SLOW);
    const vet = types.find((item) => /^Vet/.test(within(item).getAllByRole('button')[0]?.textContent ?? ''));
    const typeControl = within(vet as HTMLElement).getAllByRole('button')[0] as HTMLElement;
    fireEvent.click(typeControl);
    await waitFor(() => expect(typeControl.getAttribute('aria-expanded')).toBe('true'));
    const typePanel = panelOf(typeControl);
    expect(transitionDurations(typePanel).length).toBeGreaterThan(0);
    expect(new Set(transitionDurations(typePanel))).toEqual(new Set([250]));

    const row = await screen.findByTestId('contact-row', {}, SLOW);
    const rowControl = within(row).getAllByRole('button')[0] as HTMLElement;
    fireEvent.click(rowControl);
    await waitFor(() => expect(rowControl.getAttribute('aria-expanded')).toBe('true'));
    const rowPanel = panelOf(rowControl);
    expect(transitionDurations(rowPanel).length).toBeGreaterThan(0);
    expect(new Set(transitionDurations(rowPanel))).toEqual(new Set([250]));
  });
});
