import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BELLO,
  fakeContact,
  fakeContactsServer,
  HANSI,
  MIEZE,
  renderContactsPage,
} from '../test/fakeContacts.tsx';

const SLOW = { timeout: 4000 };

afterEach(() => {
  notifications.clean();
  vi.restoreAllMocks();
});

const VET_HUF = fakeContact();
const PHYSIO = fakeContact({
  id: 'contact-2',
  title: null,
  name: 'Lena Beweg',
  contact_type: 'Physio',
  doctor_since: null,
});
const FARRIER = fakeContact({
  id: 'contact-3',
  title: null,
  name: 'Hufschmied Kraft',
  contact_type: 'farrier',
  doctor_since: null,
});

/** The type accordions' headings, in page order (label and count). */
async function typeHeadings() {
  await screen.findAllByTestId('contact-type', {}, SLOW);
  return screen
    .getAllByTestId('contact-type')
    .map((item) => within(item).getAllByRole('button')[0]!.textContent ?? '');
}

function openType(name: RegExp) {
  fireEvent.click(screen.getByRole('button', { name }));
}

const input = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' });

describe('contacts page: one accordion per type', () => {
  it('shows the predefined types in order, then the custom types in use, then "add a new type"', async () => {
    fakeContactsServer({ contacts: [VET_HUF, PHYSIO, FARRIER] });
    renderContactsPage();
    expect(await typeHeadings()).toEqual([
      'Owner0',
      'Vet1',
      'Breeder0',
      'Groomer0',
      'Pet sitter0',
      'Boarding kennel0',
      'Trainer0',
      'farrier1',
      'Physio1',
    ]);
    expect(screen.getByRole('button', { name: 'Add a new contact type' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Bello' })).toBeTruthy();
    expect(screen.queryByText('No contacts yet')).toBeNull();
  });

  it('a custom type lists its contacts; each opens into its edit form', async () => {
    fakeContactsServer({ contacts: [VET_HUF, PHYSIO] });
    renderContactsPage();
    await typeHeadings();
    openType(/^Physio/);
    const row = await screen.findByRole('button', { name: /Lena Beweg/ }, SLOW);
    fireEvent.click(row);
    await screen.findByRole('button', { name: 'Save' }, SLOW);
    expect((input(/^Name/) as HTMLInputElement).value).toBe('Lena Beweg');
    expect((screen.getByRole('combobox', { name: /^Contact type/ }) as HTMLInputElement).value).toBe(
      'Physio',
    );
  });

  it('German labels, and dog wording on hunde-schutz', async () => {
    fakeContactsServer();
    renderContactsPage({ language: 'de' });
    expect(await typeHeadings()).toEqual([
      'Halter0',
      'Tierarzt0',
      'Züchter0',
      'Tierfriseur0',
      'Tierbetreuung0',
      'Tierpension0',
      'Trainer0',
    ]);
    expect(screen.getByRole('button', { name: 'Neue Kontaktart hinzufügen' })).toBeTruthy();
    expect(screen.getByText('Noch keine Kontakte')).toBeTruthy();
  });

  it('hunde-schutz says dog where the others say pet', async () => {
    fakeContactsServer();
    renderContactsPage({ brand: 'hunde-schutz' });
    expect(await typeHeadings()).toEqual([
      'Dog owner0',
      'Vet0',
      'Breeder0',
      'Dog groomer0',
      'Dog sitter0',
      'Dog boarding0',
      'Dog trainer0',
    ]);
    expect(screen.getByText(/everyone who looks after your dog/)).toBeTruthy();
  });
});

describe('contacts page: states', () => {
  it('loading: a spinner under the banner while the list loads', async () => {
    const server = fakeContactsServer();
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).includes('/v1/contact/mycontacts')
        ? new Promise(() => {})
        : server.fetchMock(input, init),
    );
    renderContactsPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Bello' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy();
    expect(screen.queryByTestId('contact-type')).toBeNull();
  });

  it('empty: a friendly prompt above the types, each type offering "add"', async () => {
    fakeContactsServer();
    renderContactsPage();
    expect(await screen.findByText('No contacts yet', {}, SLOW)).toBeTruthy();
    expect(screen.getByText(/everyone who looks after your pet/)).toBeTruthy();
    openType(/^Vet/);
    expect(await screen.findByText('No contacts of this type yet.', {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Vet' })).toBeTruthy();
  });

  it('error: what failed and a retry that reads again', async () => {
    const server = fakeContactsServer({
      list: { status: 500, body: { code: 'INTERNAL', message: 'Something_Went_Wrong' } },
    });
    renderContactsPage();
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(within(alert).getByText('The contacts could not be loaded.')).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(server.find('GET', '/v1/contact/mycontacts')).toHaveLength(2));
  });

  it("another user's or a missing pet: the app's pet-not-found screen, no contacts asked for", async () => {
    const server = fakeContactsServer();
    renderContactsPage({ url: '/pet-details/Rex/someone-elses-pet/contacts' });
    expect(await screen.findByRole('heading', { name: 'Pet not found' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'To my pets' })).toBeTruthy();
    expect(server.find('GET', '/v1/contact/mycontacts')).toHaveLength(0);
  });
});

function fillContact(name: string, phone: string, phoneLabel = /^Phone/) {
  fireEvent.change(input(/^Name/), { target: { value: name } });
  fireEvent.change(input(phoneLabel), { target: { value: phone } });
}

describe('adding a contact', () => {
  it('of a new (custom) type: POST with the typed type; its accordion appears, open, with the contact', async () => {
    const server = fakeContactsServer({ contacts: [VET_HUF] });
    renderContactsPage();
    await typeHeadings();
    openType(/^Add a new contact type/);
    fireEvent.change(await screen.findByLabelText(/^New contact type/, { selector: 'input' }, SLOW), {
      target: { value: '  Physiotherapist ' },
    });
    fillContact('Lena Beweg', '+49 171 555');
    fireEvent.click(screen.getByRole('button', { name: 'Add contact' }));

    await waitFor(() => expect(server.find('POST', '/v1/contact')).toHaveLength(1), SLOW);
    const sent = server.find('POST', '/v1/contact')[0]!;
    expect(sent.url.searchParams.get('pet_id')).toBe(BELLO.id);
    expect(sent.body).toMatchObject({
      contact_type: 'Physiotherapist',
      name: 'Lena Beweg',
      phone: '+49 171 555',
      doctor_since: null,
      also_for_pet_ids: [],
    });
    expect(await screen.findByText('The contact has been added.', {}, SLOW)).toBeTruthy();
    await waitFor(async () => expect(await typeHeadings()).toContain('Physiotherapist1'), SLOW);
    expect(await screen.findByRole('button', { name: /Lena Beweg/ }, SLOW)).toBeTruthy();
  });

  it('a typed name of a predefined type (any case, either language) files it under that type', async () => {
    const server = fakeContactsServer();
    renderContactsPage({ language: 'de' });
    await typeHeadings();
    openType(/^Neue Kontaktart hinzufügen/);
    fireEvent.change(await screen.findByLabelText(/^Neue Kontaktart/, { selector: 'input' }, SLOW), {
      target: { value: 'tierarzt' },
    });
    fillContact('Dr. Huf', '030 123', /^Telefon/);
    fireEvent.click(screen.getByRole('button', { name: 'Kontakt hinzufügen' }));
    await waitFor(() => expect(server.find('POST', '/v1/contact')).toHaveLength(1), SLOW);
    expect(server.find('POST', '/v1/contact')[0]!.body).toMatchObject({ contact_type: 'Vet' });
  });

  it("a type's own add form sends that type", async () => {
    const server = fakeContactsServer();
    renderContactsPage();
    await typeHeadings();
    openType(/^Breeder/);
    fireEvent.click(await screen.findByRole('button', { name: 'Add Breeder' }, SLOW));
    fillContact('Zucht vom Walde', '0171 222');
    fireEvent.click(screen.getByRole('button', { name: 'Add contact' }));
    await waitFor(() => expect(server.find('POST', '/v1/contact')).toHaveLength(1), SLOW);
    expect(server.find('POST', '/v1/contact')[0]!.body).toMatchObject({ contact_type: 'Breeder' });
    expect(await screen.findByRole('button', { name: /Zucht vom Walde/ }, SLOW)).toBeTruthy();
  });

  it('"also add to" offers the other pets and sends the chosen ids; each copy is on its pet', async () => {
    const server = fakeContactsServer({ pets: [BELLO, MIEZE, HANSI] });
    renderContactsPage();
    await typeHeadings();
    openType(/^Vet/);
    fireEvent.click(await screen.findByRole('button', { name: 'Add Vet' }, SLOW));
    const group = await screen.findByRole('group', { name: 'Also add to' }, SLOW);
    expect(within(group).queryByRole('checkbox', { name: 'Bello' })).toBeNull();
    expect(within(group).getByRole('checkbox', { name: 'Hansi' })).toBeTruthy();
    fireEvent.click(within(group).getByRole('checkbox', { name: 'Mieze' }));
    fillContact('Huf', '030 123');
    fireEvent.click(screen.getByRole('button', { name: 'Add contact' }));

    await waitFor(() => expect(server.find('POST', '/v1/contact')).toHaveLength(1), SLOW);
    expect(server.find('POST', '/v1/contact')[0]!.body).toMatchObject({
      contact_type: 'Vet',
      also_for_pet_ids: [MIEZE.id],
    });
    expect(await screen.findByText('The contact has been added, and to 1 other pet.', {}, SLOW)).toBeTruthy();
    expect(server.stored().map((c) => c.pet_id)).toEqual([BELLO.id, MIEZE.id]);
  });

  it('the server\'s field messages appear on their fields, "also add to" included', async () => {
    fakeContactsServer({
      pets: [BELLO, MIEZE],
      save: {
        status: 400,
        body: {
          code: 'VALIDATION_ERROR',
          message: 'Bad_Request_Text',
          fields: { also_for_pet_ids: 'Invalid_Value_Error', phone: 'Phone_Error' },
        },
      },
    });
    renderContactsPage();
    await typeHeadings();
    openType(/^Vet/);
    fireEvent.click(await screen.findByRole('button', { name: 'Add Vet' }, SLOW));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Mieze' }, SLOW));
    fillContact('Huf', '030 123');
    fireEvent.click(screen.getByRole('button', { name: 'Add contact' }));
    expect(await screen.findByText('Please enter a phone number.', {}, SLOW)).toBeTruthy();
    expect(input(/^Phone/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('This value is invalid.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('"also add to" is not shown to an owner with one pet', async () => {
    fakeContactsServer({ pets: [BELLO] });
    renderContactsPage();
    await typeHeadings();
    openType(/^Vet/);
    fireEvent.click(await screen.findByRole('button', { name: 'Add Vet' }, SLOW));
    await screen.findByRole('button', { name: 'Add contact' }, SLOW);
    expect(screen.queryByRole('group', { name: 'Also add to' })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('a pending save disables the button; a failed one says so and keeps the entries', async () => {
    let answer: (response: Response) => void = () => {};
    const server = fakeContactsServer();
    vi.stubGlobal('fetch', (request: RequestInfo | URL, init?: RequestInit) =>
      init?.method === 'POST' && String(request).includes('/v1/contact')
        ? new Promise<Response>((resolve) => {
            answer = resolve;
          })
        : server.fetchMock(request, init),
    );
    renderContactsPage();
    await typeHeadings();
    openType(/^Vet/);
    fireEvent.click(await screen.findByRole('button', { name: 'Add Vet' }, SLOW));
    fillContact('Huf', '030 123');
    const submit = screen.getByRole('button', { name: 'Add contact' });
    fireEvent.click(submit);
    await waitFor(() => expect(submit.hasAttribute('disabled')).toBe(true), SLOW);
    answer(
      new Response(JSON.stringify({ code: 'INTERNAL', message: 'Server_Down_Text' }), {
        status: 503,
        headers: { 'content-type': 'application/json' },
      }),
    );
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(within(alert).getByText('The contact could not be added.')).toBeTruthy();
    expect(submit.hasAttribute('disabled')).toBe(false);
    expect((input(/^Name/) as HTMLInputElement).value).toBe('Huf');
  });
});
