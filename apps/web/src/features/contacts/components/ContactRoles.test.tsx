// What each role sees of a pet's contacts (issue 45): a sitter reads them, a co-owner writes like the owner.

import { notifications } from '@mantine/notifications';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakePet } from '../../../test/pets.ts';
import { fakeContact, fakeContactsServer, renderContactsPage } from '../test/fakeContacts.tsx';

const SLOW = { timeout: 4000 };
const VET = fakeContact();

afterEach(() => notifications.clean());

async function openVets() {
  const types = await screen.findAllByTestId('contact-type', {}, SLOW);
  const vets = types.find((item) => within(item).getAllByRole('button')[0]!.textContent?.startsWith('Vet'));
  fireEvent.click(within(vets!).getAllByRole('button')[0]!);
  return vets!;
}

describe('contacts by role', () => {
  it('a sitter sees the contacts and their details, with no add, no new type and no edit form', async () => {
    fakeContactsServer({
      pets: [fakePet({ role: 'sitter', owner_name: 'Anna Muster' })],
      contacts: [VET],
    });
    renderContactsPage();
    await openVets();
    const row = await screen.findByTestId('contact-row', {}, SLOW);
    expect(screen.queryByRole('button', { name: /^Add / })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add a new contact type' })).toBeNull();
    fireEvent.click(within(row).getAllByRole('button')[0]!);
    const details = await screen.findByTestId('contact-details', {}, SLOW);
    expect(within(details).getByRole('link', { name: VET.phone })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByTestId('pet-role').textContent).toBe('Sitter');
    expect(screen.getByText('from Anna Muster')).toBeTruthy();
  });

  it('a sitter of a pet without contacts is told so, without an add prompt', async () => {
    fakeContactsServer({ pets: [fakePet({ role: 'sitter', owner_name: 'Anna Muster' })] });
    renderContactsPage();
    expect(
      await screen.findByText('The owner has not added any contacts for this pet yet.', {}, SLOW),
    ).toBeTruthy();
  });

  it('a co-owner adds and edits like the owner', async () => {
    fakeContactsServer({
      pets: [fakePet({ role: 'co-owner', owner_name: 'Anna Muster' })],
      contacts: [VET],
    });
    renderContactsPage();
    await openVets();
    expect(await screen.findByRole('button', { name: 'Add Vet' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add a new contact type' })).toBeTruthy();
    const row = await screen.findByTestId('contact-row', {}, SLOW);
    fireEvent.click(within(row).getAllByRole('button')[0]!);
    expect(await screen.findByRole('button', { name: 'Save' }, SLOW)).toBeTruthy();
  });

  it('in German: the sitter badge and the owner', async () => {
    fakeContactsServer({ pets: [fakePet({ role: 'sitter', owner_name: 'Anna Muster' })], contacts: [VET] });
    renderContactsPage({ language: 'de' });
    await screen.findAllByTestId('contact-type', {}, SLOW);
    expect((await screen.findByTestId('pet-role', {}, SLOW)).textContent).toBe('Tiersitter/in');
    expect(screen.getByText('von Anna Muster')).toBeTruthy();
  });
});
