import type { PetDocument, SharedPet } from '@pet/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeContact as contact } from '../../../test/contacts.ts';
import { mockFetch } from '../../../test/fetchMock.ts';
import { fakeRecord as record } from '../../../test/medical.ts';
import { fakePet } from '../../../test/pets.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { SharedPetPage } from './SharedPetPage.tsx';

const SLOW = { timeout: 4000 };
const SECRET = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AbCd';
const FILES = `http://localhost:3000/v1/shared/${SECRET}/files`;

const documents: PetDocument[] = [
  {
    id: 'd1',
    pet_id: 'pet-1',
    document_type: 'Laboratory Findings',
    description: 'Blood count',
    doc_url: [
      JSON.stringify({ url: `${FILES}/f1`, type: 'application/pdf', name: 'befund.pdf', size: 1000 }),
      JSON.stringify({ url: `${FILES}/f2`, type: 'text/plain', name: 'notes.txt', size: 10 }),
    ],
    created_at: '2025-01-01T10:00:00.000Z',
    read_only: false,
    visible_to_sitters: false,
  },
];

function shared(overrides: Partial<SharedPet> = {}): SharedPet {
  return {
    pet: fakePet({
      name: 'Bello',
      race: 'Beagle',
      image_url: `${FILES}/picture`,
      weights: [
        { weight: 12.5, date: '01.03.2025' },
        { weight: 14, date: '01.03.2026' },
      ],
    }),
    contacts: [
      contact({ name: 'Vet Huber', phone: '+49 30 1' }),
      contact({ id: 'c2', title: null, name: 'Sam', contact_type: 'CareTaker', doctor_since: null }),
      contact({ id: 'c3', title: null, name: 'Physio Lee', contact_type: 'Physiotherapist' }),
    ],
    medical: [
      record({}),
      record({
        id: 'm2',
        medical_type: 'vaccination',
        name: 'Rabies',
        date: '01.02.2026',
        batch_number: 'B-7',
      }),
      record({
        id: 'm3',
        medical_type: 'medication',
        name: 'Painkiller',
        dosage: '1 tablet',
        taking_schedule: [0, 2],
        in_use: true,
      }),
    ],
    documents: null,
    expires_at: '2026-03-10T09:00:00.000Z',
    ...overrides,
  };
}

function setup(answer: { status?: number; body?: unknown }, language?: 'de') {
  const server = mockFetch({ [`GET /v1/shared/${SECRET}`]: answer });
  renderRoutes(
    [
      {
        path: '/shared/:secret',
        element: <SharedPetPage facts={(pet) => <p>Facts of {pet.name}</p>} />,
      },
    ],
    { url: `/shared/${SECRET}`, language },
  );
  return server;
}

describe('the page a share link opens', () => {
  it('shows the pet with its picture, contacts and medical data by category; no documents section', async () => {
    const server = setup({ body: shared() });
    expect(await screen.findByRole('heading', { name: 'Bello', level: 1 }, SLOW)).toBeTruthy();
    expect(server.requests).toHaveLength(1);
    expect(screen.getByText(/valid until 10\.03\.2026/)).toBeTruthy();
    const picture = screen.getByRole('img', { name: 'Picture of Bello' });
    expect(picture.getAttribute('src')).toBe(`${FILES}/picture`);
    expect(picture.getAttribute('referrerpolicy')).toBe('no-referrer');
    expect(screen.getByText('Dog · Beagle')).toBeTruthy();
    expect(screen.getByText(/Latest weight: 14 kg \(01\.03\.2026\)/)).toBeTruthy();
    expect(screen.getByText('Facts of Bello')).toBeTruthy();

    const contacts = screen.getByRole('heading', { name: 'Contacts' }).closest('section')!;
    expect(within(contacts).getByText('Dr. Vet Huber')).toBeTruthy();
    expect(within(contacts).getByText('+49 30 1')).toBeTruthy();
    expect(within(contacts).getByText('Pet sitter')).toBeTruthy();
    expect(within(contacts).getByText('Physiotherapist')).toBeTruthy();

    const medical = screen.getByRole('heading', { name: 'Medical data' }).closest('section')!;
    const categories = within(medical)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(categories).toEqual(['Allergies', 'Medications', 'Vaccinations']);
    const vaccinations = within(medical).getByRole('region', { name: 'Vaccinations' });
    expect(within(vaccinations).getByText('Rabies')).toBeTruthy();
    expect(within(vaccinations).getByText('B-7')).toBeTruthy();
    expect(within(medical).getByText('Mornings, Evenings')).toBeTruthy();

    expect(screen.queryByRole('heading', { name: 'Documents' })).toBeNull();
  });

  it('lists the documents with links to open or download their files when the link includes them', async () => {
    setup({ body: shared({ documents }) });
    const section = (await screen.findByRole('heading', { name: 'Documents' }, SLOW)).closest('section')!;
    expect(within(section).getByText('Blood count')).toBeTruthy();
    expect(within(section).getByText('Laboratory findings')).toBeTruthy();
    const pdf = within(section).getByRole('link', { name: 'Open befund.pdf' });
    expect(pdf.getAttribute('href')).toBe(`${FILES}/f1`);
    expect(pdf.getAttribute('target')).toBe('_blank');
    expect(pdf.getAttribute('rel')).toBe('noopener noreferrer');
    const text = within(section).getByRole('link', { name: 'Download notes.txt' });
    expect(text.getAttribute('download')).toBe('notes.txt');
  });

  it('an expired, revoked or unknown link (404) says so', async () => {
    setup({ status: 404, body: { code: 'NOT_FOUND', message: 'Not_Found_Text' } });
    expect(
      await screen.findByRole('heading', { name: 'This link has expired or is unknown' }, SLOW),
    ).toBeTruthy();
    expect(screen.getByText(/ask the owner for a new link/)).toBeTruthy();
    expect(screen.queryByText('Contacts')).toBeNull();
  });

  it('in German', async () => {
    setup({ status: 404, body: { code: 'NOT_FOUND', message: 'Not_Found_Text' } }, 'de');
    expect(
      await screen.findByRole('heading', { name: 'Dieser Link ist abgelaufen oder unbekannt' }, SLOW),
    ).toBeTruthy();
  });

  it('another failure offers to try again', async () => {
    setup({ status: 500, body: { code: 'INTERNAL_ERROR', message: 'Failure_Call_Text' } });
    expect(await screen.findByText('The shared profile could not be loaded.', {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
