import type { Contact, Pet } from '@pet/shared';
import { fakeContact } from '../../../test/contacts.ts';
import { type MockAnswer, mockFetch } from '../../../test/fetchMock.ts';
import { fakePet } from '../../../test/pets.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { ContactsPage } from '../routes/ContactsPage.tsx';

// Test data of the contacts screen, shaped as the API answers it, and a fake server that keeps the
// contacts it is given and changes them as the calls of spec 2 section 7 would.

export const BELLO = fakePet();
export const MIEZE = fakePet({ id: 'pet-2', name: 'Mieze', pet_type: 'Cat' });
export const HANSI = fakePet({ id: 'pet-3', name: 'Hansi', pet_type: 'Other' });

export { fakeContact };

export const CONTACTS_URL = `/pet-details/Bello/${BELLO.id}/contacts`;

const NOT_FOUND = { status: 404, body: { code: 'NOT_FOUND', message: 'Not_Found_Text' } };

interface FakeServerOptions {
  pets?: Pet[];
  contacts?: Contact[];
  /** Replaces the answer of GET /v1/contact/mycontacts (an error, say). */
  list?: MockAnswer;
  /** Replaces the answer of POST or PUT /v1/contact (a validation error, say). */
  save?: MockAnswer;
}

/** GET /v1/pet, the contact calls and /v1/log, over an in-memory list of contacts. */
export function fakeContactsServer({ pets = [BELLO], contacts = [], list, save }: FakeServerOptions = {}) {
  let stored = [...contacts];
  let nextId = 1;
  const make = (petId: string, body: Record<string, unknown>): Contact => {
    const { also_for_pet_ids: _also, ...fields } = body;
    return {
      ...fakeContact(),
      ...(fields as Partial<Contact>),
      id: `new-${nextId++}`,
      pet_id: petId,
    };
  };
  const server = mockFetch({
    'GET /v1/pet': ({ url }) => {
      const id = url.searchParams.get('pet_id');
      if (!id) return { body: pets };
      const pet = pets.find((p) => p.id === id);
      return pet ? { body: pet } : NOT_FOUND;
    },
    'GET /v1/contact/mycontacts': ({ url }) =>
      list ?? { body: stored.filter((c) => c.pet_id === url.searchParams.get('pet_id')) },
    'POST /v1/contact': ({ url, body }) => {
      if (save) return save;
      const b = body as Record<string, unknown>;
      const contact = make(url.searchParams.get('pet_id') ?? '', b);
      const copies = ((b.also_for_pet_ids as string[] | undefined) ?? []).map((petId) => make(petId, b));
      stored = [...stored, contact, ...copies];
      return {
        status: 201,
        body: { ...contact, copies: copies.map((c) => ({ pet_id: c.pet_id, id: c.id })) },
      };
    },
    'PUT /v1/contact': ({ url, body }) => {
      if (save) return save;
      const id = url.searchParams.get('contact_id');
      const current = stored.find((c) => c.id === id);
      if (!current) return NOT_FOUND;
      const updated = { ...current, ...(body as Partial<Contact>) };
      stored = stored.map((c) => (c.id === id ? updated : c));
      return { body: updated };
    },
    'DELETE /v1/contact': ({ url }) => {
      stored = stored.filter((c) => c.id !== url.searchParams.get('contact_id'));
      return { status: 204 };
    },
    'POST /v1/log': { status: 204 },
  });
  return { ...server, stored: () => stored };
}

/** Renders the contacts page of Bello (or `url`) as the router shows it. */
export function renderContactsPage(
  options: { url?: string; language?: 'en' | 'de'; brand?: 'petention' | 'hunde-schutz' } = {},
) {
  return renderRoutes([{ path: '/pet-details/:name/:id/contacts', element: <ContactsPage /> }], {
    url: options.url ?? CONTACTS_URL,
    language: options.language,
    brand: options.brand,
  });
}
