import type { HouseholdHistoryEntry, HouseholdInvitation, HouseholdMember, Pet } from '@pet/shared';
import { paths } from '@pet/shared/paths';
import { PetRoute } from '../../../components/PetRoute.tsx';
import { type MockAnswer, mockFetch } from '../../../test/fetchMock.ts';
import { fakePet } from '../../../test/pets.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { HistoryList } from '../components/HistoryList.tsx';
import { HouseholdCard } from '../components/HouseholdCard.tsx';

// Test data of the household screens, shaped as the API answers it, and a fake server that keeps the
// members and invitations it is given and changes them as the calls of issue 45 would.

export const BELLO = fakePet();
export const PET_URL = `/pet-details/Bello/${BELLO.id}/my-pet`;

export function fakeMember(overrides: Partial<HouseholdMember> = {}): HouseholdMember {
  return {
    id: 'member-1',
    email: 'ben@example.com',
    name: 'Ben Sitter',
    role: 'sitter',
    until: '31.12.2099',
    since: '2026-03-01T09:00:00.000Z',
    emergency_contact: false,
    ...overrides,
  };
}

export function fakeInvitation(overrides: Partial<HouseholdInvitation> = {}): HouseholdInvitation {
  return {
    id: 'invitation-1',
    email: 'clara@example.com',
    role: 'co-owner',
    until: null,
    created_at: '2026-03-02T09:00:00.000Z',
    expires_at: '2026-03-09T09:00:00.000Z',
    ...overrides,
  };
}

export function fakeHistoryEntry(overrides: Partial<HouseholdHistoryEntry> = {}): HouseholdHistoryEntry {
  return {
    id: 'history-1',
    actor_name: 'Anna Muster',
    action: 'updated',
    entity: 'contact',
    entity_id: 'contact-1',
    at: '2026-03-03T10:15:00.000Z',
    ...overrides,
  };
}

interface FakeServerOptions {
  pet?: Pet;
  members?: HouseholdMember[];
  invitations?: HouseholdInvitation[];
  history?: HouseholdHistoryEntry[];
  /** Replaces the answer of POST /v1/household/invite (a 429, say). */
  invite?: MockAnswer;
}

/** GET /v1/pet, the household calls and /v1/log, over in-memory members, invitations and history. */
export function fakeHouseholdServer({
  pet = BELLO,
  members = [],
  invitations = [],
  history = [],
  invite,
}: FakeServerOptions = {}) {
  let storedMembers = [...members];
  let storedInvitations = [...invitations];
  const server = mockFetch({
    'GET /v1/pet': ({ url }) =>
      url.searchParams.get('pet_id') === pet.id
        ? { body: pet }
        : { status: 404, body: { code: 'NOT_FOUND', message: 'Not_Found_Text' } },
    'GET /v1/household': () =>
      pet.role === 'sitter'
        ? { status: 403, body: { code: 'FORBIDDEN_FOR_ROLE', message: 'Forbidden_For_Role_Text' } }
        : { body: { members: storedMembers, invitations: storedInvitations } },
    'POST /v1/household/invite': ({ body }) => {
      if (invite) return invite;
      const b = body as { email: string; role: 'co-owner' | 'sitter'; until?: string };
      const made = fakeInvitation({
        id: `invitation-${storedInvitations.length + 2}`,
        ...b,
        until: b.until ?? null,
      });
      storedInvitations = [...storedInvitations, made];
      return { status: 201, body: made };
    },
    'DELETE /v1/household': ({ url }) => {
      storedMembers = storedMembers.filter((m) => m.id !== url.searchParams.get('member_id'));
      return { status: 204 };
    },
    'PUT /v1/household/emergency-contact': ({ body }) => {
      const memberId = (body as { member_id: string | null }).member_id;
      storedMembers = storedMembers.map((m) => ({ ...m, emergency_contact: m.id === memberId }));
      return { status: 204 };
    },
    'DELETE /v1/household/invitation': ({ url }) => {
      storedInvitations = storedInvitations.filter((i) => i.id !== url.searchParams.get('invitation_id'));
      return { status: 204 };
    },
    'GET /v1/household/history': ({ url }) => {
      const page = Number(url.searchParams.get('page') ?? 1);
      const size = Number(url.searchParams.get('page_size') ?? 20);
      return {
        body: {
          data: history.slice((page - 1) * size, page * size),
          total: history.length,
          page,
          page_size: size,
        },
      };
    },
    'POST /v1/log': { status: 204 },
  });
  return { ...server, members: () => storedMembers, invitations: () => storedInvitations };
}

/** The pet's page as the app composes it (card and history under the pet), and the page "my pets". */
export function renderHouseholdOnPetPage(options: { language?: 'en' | 'de'; brand?: 'hunde-schutz' } = {}) {
  return renderRoutes(
    [
      {
        path: '/pet-details/:name/:id/my-pet',
        element: (
          <PetRoute section="my-pet">
            {(pet) => (
              <>
                <HouseholdCard pet={pet} />
                <HistoryList pet={pet} />
              </>
            )}
          </PetRoute>
        ),
      },
      { path: paths.myPets, element: <p>My pets page</p> },
    ],
    { url: PET_URL, language: options.language, brand: options.brand },
  );
}
