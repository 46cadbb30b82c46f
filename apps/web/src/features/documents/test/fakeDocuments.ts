import type { DocumentFile, DocumentList, PetDocument } from '@pet/shared';
import { fakeMyInfo } from '../../../test/fetchMock.ts';
import { fakePet } from '../../../test/pets.ts';
import { BASIC, FREE, PREMIUM } from '../../../test/plans.ts';

// Test data of the document screens, shaped as the API answers it.

export const BELLO = fakePet();
export const SAFE_URL = `/pet-details/Bello/${BELLO.id}/document-safe`;
export const FINDINGS_URL = `/pet-details/Bello/${BELLO.id}/vet-findings`;

/** One `doc_url` entry: a JSON string of the file. */
export function fakeEntry(overrides: Partial<DocumentFile> = {}): string {
  const file: DocumentFile = {
    url: 'http://localhost:3000/v1/files/f1',
    type: 'application/pdf',
    name: 'policy.pdf',
    size: 123_456,
    ...overrides,
  };
  return JSON.stringify(file);
}

export function fakeDocument(overrides: Partial<PetDocument> = {}): PetDocument {
  return {
    id: 'doc-1',
    pet_id: BELLO.id,
    document_type: 'Insurance',
    description: 'Liability policy',
    doc_url: [fakeEntry()],
    created_at: '2025-03-14T10:00:00.000Z',
    read_only: false,
    visible_to_sitters: false,
    ...overrides,
  };
}

/** GET /v1/document/mydocs: the documents with the owner's total (all pets) and the plan's limit. */
export function fakeList(data: PetDocument[], { total = data.length, limit = 20 } = {}): DocumentList {
  return { data, total, limit };
}

function me(product: unknown) {
  return fakeMyInfo({ product, pets: [{ id: BELLO.id, name: BELLO.name }] });
}

export const meOnBasic = () => me(BASIC);
export const meOnFreePlan = () => me(FREE);
export const meOnPremium = () => me(PREMIUM);
