import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeContact, fakeContactsServer, renderContactsPage } from '../test/fakeContacts.tsx';

const SLOW = { timeout: 4000 };

afterEach(() => {
  notifications.clean();
  vi.restoreAllMocks();
});

const VET_HUF = fakeContact();
const BREEDER = fakeContact({
  id: 'contact-2',
  title: null,
  name: 'Zucht vom Walde',
  contact_type: 'Breeder',
  doctor_since: null,
});

const input = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;

/** Opens a type's accordion, then the contact's row; answers the row's Save button. */
async function openContact(type: RegExp, name: RegExp) {
  fireEvent.click(await screen.findByRole('button', { name: type }, SLOW));
  fireEvent.click(await screen.findByRole('button', { name }, SLOW));
  return screen.findByRole('button', { name: 'Save' }, SLOW);
}

describe('inline edit', () => {
  it('Save sends PUT /v1/contact?contact_id= with the values (vet since as doctor_since), then the list refreshes and the row collapses', async () => {
    const server = fakeContactsServer({ contacts: [VET_HUF] });
    renderContactsPage();
    const save = await openContact(/^Vet/, /Huf/);
    expect(input(/^Vet since/).value).toBe('01.03.2020');
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.change(input(/^Phone/), { target: { value: '+49 30 999' } });
    fireEvent.change(input(/^E-mail/), { target: { value: '  neu@huf.example ' } });
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    fireEvent.click(save);

    await waitFor(() => expect(server.find('PUT', '/v1/contact')).toHaveLength(1), SLOW);
    const sent = server.find('PUT', '/v1/contact')[0]!;
    expect(sent.url.searchParams.get('contact_id')).toBe('contact-1');
    expect(sent.body).toEqual({
      title: 'Dr.',
      name: 'Huf',
      address: 'Hauptstraße 1',
      zip: '10115',
      city: 'Berlin',
      country: 'DE',
      phone: '+49 30 999',
      email: 'neu@huf.example',
      contact_type: 'Vet',
      doctor_since: '01.03.2020',
    });
    expect(await screen.findByText('The contact has been saved.', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(server.find('GET', '/v1/contact/mycontacts')).toHaveLength(2));
    expect(await screen.findByText(/\+49 30 999/, {}, SLOW)).toBeTruthy();
    // Saved: the row collapses (spec 2 section 4); its type's accordion stays open.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Huf/ }).getAttribute('aria-expanded')).toBe('false'),
    );
    expect(screen.getByRole('button', { name: /^Vet/ }).getAttribute('aria-expanded')).toBe('true');
  });

  it('a pending save disables Save and Delete', async () => {
    const server = fakeContactsServer({ contacts: [VET_HUF] });
    vi.stubGlobal('fetch', (request: RequestInfo | URL, init?: RequestInit) =>
      init?.method === 'PUT' ? new Promise(() => {}) : server.fetchMock(request, init),
    );
    renderContactsPage();
    const save = await openContact(/^Vet/, /Huf/);
    fireEvent.change(input(/^Name/), { target: { value: 'Huf-Meier' } });
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    fireEvent.click(save);
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(true), SLOW);
    expect(screen.getByRole('button', { name: 'Delete' }).hasAttribute('disabled')).toBe(true);
  });

  it("the server's field messages appear under their fields (doctor_since under Vet since)", async () => {
    fakeContactsServer({
      contacts: [VET_HUF],
      save: {
        status: 400,
        body: {
          code: 'VALIDATION_ERROR',
          message: 'Bad_Request_Text',
          fields: { phone: 'Phone_Error', doctor_since: 'Date_In_Future_Error' },
        },
      },
    });
    renderContactsPage();
    const save = await openContact(/^Vet/, /Huf/);
    fireEvent.change(input(/^City/), { target: { value: 'Potsdam' } });
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    fireEvent.click(save);
    expect(await screen.findByText('Please enter a phone number.', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('This date cannot be in the future.')).toBeTruthy();
    expect(input(/^Phone/).getAttribute('aria-invalid')).toBe('true');
    expect(input(/^Vet since/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('delete', () => {
  it('asks first; cancelling sends nothing, confirming sends DELETE and the contact goes', async () => {
    const server = fakeContactsServer({ contacts: [VET_HUF] });
    renderContactsPage();
    await openContact(/^Vet/, /Huf/);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    expect(within(dialog).getByText('Delete this contact?')).toBeTruthy();
    expect(within(dialog).getByText(/Huf will be removed from this pet's contacts/)).toBeTruthy();
    // Named as its row names it, with the title.
    expect(within(dialog).getByText(/^Dr\. Huf will be removed/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.find('DELETE', '/v1/contact')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', {}, SLOW)).getByRole('button', { name: 'Delete contact' }),
    );
    await waitFor(() => expect(server.find('DELETE', '/v1/contact')).toHaveLength(1), SLOW);
    expect(server.find('DELETE', '/v1/contact')[0]!.url.searchParams.get('contact_id')).toBe('contact-1');
    expect(await screen.findByText('The contact has been deleted.', {}, SLOW)).toBeTruthy();
    expect(await screen.findByText('No contacts yet', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Huf/ })).toBeNull();
  });
});

describe('vet since', () => {
  it('is not shown for other types, in the edit and the add form', async () => {
    fakeContactsServer({ contacts: [BREEDER] });
    renderContactsPage();
    await openContact(/^Breeder/, /Zucht vom Walde/);
    expect(screen.getByLabelText(/^Phone/, { selector: 'input' })).toBeTruthy();
    expect(screen.queryByLabelText(/^Vet since/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add Breeder' }));
    await screen.findByRole('button', { name: 'Add contact' }, SLOW);
    expect(screen.queryByLabelText(/^Vet since/)).toBeNull();
  });

  it("is shown in a vet's add form", async () => {
    fakeContactsServer();
    renderContactsPage();
    fireEvent.click(await screen.findByRole('button', { name: /^Vet/ }, SLOW));
    fireEvent.click(await screen.findByRole('button', { name: 'Add Vet' }, SLOW));
    expect(await screen.findByLabelText(/^Vet since/, { selector: 'input' }, SLOW)).toBeTruthy();
  });

  it('changing a vet to another type hides it and sends doctor_since null', async () => {
    const server = fakeContactsServer({ contacts: [VET_HUF] });
    renderContactsPage();
    const save = await openContact(/^Vet/, /Huf/);
    fireEvent.click(screen.getByRole('combobox', { name: /^Contact type/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Trainer', hidden: true }));
    await waitFor(() => expect(screen.queryByLabelText(/^Vet since/)).toBeNull());
    fireEvent.click(save);
    await waitFor(() => expect(server.find('PUT', '/v1/contact')).toHaveLength(1), SLOW);
    expect(server.find('PUT', '/v1/contact')[0]!.body).toMatchObject({
      contact_type: 'Trainer',
      doctor_since: null,
    });
  });
});
