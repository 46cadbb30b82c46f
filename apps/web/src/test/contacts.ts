import type { Contact } from '@pet/shared';
import { fakePet } from './pets.ts';

// Contacts as the API answers them, for the screens that show them (contacts, a share link's page).

/** A vet with every field filled; `overrides` set what a test is about. */
export function fakeContact(overrides: Partial<Contact> = {}): Contact {
  return {
    id: 'contact-1',
    pet_id: fakePet().id,
    title: 'Dr.',
    name: 'Huf',
    address: 'Hauptstraße 1',
    zip: '10115',
    city: 'Berlin',
    country: 'DE',
    phone: '+49 30 123456',
    email: 'praxis@huf.example',
    contact_type: 'Vet',
    doctor_since: '01.03.2020',
    created_at: '2025-01-01T10:00:00.000Z',
    ...overrides,
  };
}
