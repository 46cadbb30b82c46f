import { todayIn } from '@pet/shared';
import type { DbOrTx } from '../../db/client.ts';
import { addMonths } from '../../lib/dates.ts';
import type { Storage } from '../../storage/storage.ts';
import { findProfile, type Profile } from '../account/account.repo.ts';
import { sortForList } from '../contacts/contacts.mapper.ts';
import type { ContactRow } from '../contacts/contacts.repo.ts';
import { sortNewestFirst } from '../medical/medical.mapper.ts';
import type { MedicalRow } from '../medical/medical.repo.ts';
import { listOwnPets, type PetWithImage, type WeightRow } from '../pets/pets.repo.ts';
import {
  listPetPictures,
  listPrintedMedicals,
  listSecondContacts,
  listUserContacts,
  type PictureRow,
  type SecondContactRow,
} from './emergency-data.repo.ts';
import { printPicture } from './print-picture.ts';

// Everything the emergency file prints for one owner, for all their pets: the owner, and per pet its second
// contact (a co-owner the owner named), profile, picture, contacts (the vet first) and the medical records
// that matter in an emergency. Six statements whatever the number of pets and records, then the pictures'
// bytes from storage.

export type EmergencyOwner = Pick<
  Profile,
  'name' | 'email' | 'phone' | 'address1' | 'address2' | 'zipcode' | 'city' | 'country'
>;
export type EmergencyContact = Pick<
  ContactRow,
  | 'id'
  | 'title'
  | 'name'
  | 'address'
  | 'zip'
  | 'city'
  | 'country'
  | 'phone'
  | 'email'
  | 'contactType'
  | 'doctorSince'
>;
export type EmergencyMedical = Pick<
  MedicalRow,
  | 'id'
  | 'name'
  | 'date'
  | 'knownSince'
  | 'executingPerson'
  | 'executingOrganization'
  | 'comments'
  | 'surgeryType'
  | 'dosage'
  | 'takingSchedule'
  | 'takingFrom'
  | 'takingTo'
  | 'reason'
  | 'nextDueDate'
  | 'batchNumber'
>;

/** A co-owner the owner named the pet's second emergency contact: from their own profile. */
export type EmergencySecondContact = Omit<SecondContactRow, 'petId'>;

/** The picture's print rendition (print-picture.ts), or none to print (too large, unreadable). */
export type EmergencyPicture = { printable: true; bytes: Buffer } | { printable: false };

export interface EmergencyPet
  extends Pick<
    PetWithImage,
    | 'id'
    | 'name'
    | 'petType'
    | 'gender'
    | 'race'
    | 'dateOfBirth'
    | 'sizeCm'
    | 'color'
    | 'features'
    | 'labeling'
    | 'ancestry'
  > {
  latestWeight: WeightRow | null;
  picture: EmergencyPicture | null;
  secondContact: EmergencySecondContact | null;
  contacts: EmergencyContact[];
  allergies: EmergencyMedical[];
  acuteDiseases: EmergencyMedical[];
  medications: EmergencyMedical[];
  interventions: EmergencyMedical[];
  vaccinations: EmergencyMedical[];
}

export interface EmergencyData {
  owner: EmergencyOwner;
  pets: EmergencyPet[];
}

/** Pictures above this are not read: the web app uploads cropped JPEGs of a few hundred kB. */
export const MAX_PRINTED_PICTURE_BYTES = 10 * 1024 * 1024;

/** How far back interventions and vaccinations are printed. */
const RECENT_MONTHS = 24;

/** The first day of the "last two years" on the owner's calendar, and that day's start in UTC. */
export function recentSince(now: Date, timeZone: string): { day: string; instant: Date } {
  const today = new Date(`${todayIn(timeZone, now)}T00:00:00Z`);
  const since = addMonths(today, -RECENT_MONTHS);
  return { day: since.toISOString().slice(0, 10), instant: since };
}

/** Vets first, then the contacts page's order (types, then names). */
export function vetsFirst<T extends Pick<ContactRow, 'contactType'>>(sorted: T[]): T[] {
  return [...sorted.filter((c) => c.contactType === 'Vet'), ...sorted.filter((c) => c.contactType !== 'Vet')];
}

async function readPicture(storage: Storage, row: PictureRow): Promise<EmergencyPicture | null> {
  if (row.size > MAX_PRINTED_PICTURE_BYTES) return { printable: false };
  let missing = false;
  const rendition = await printPicture(`${row.storageKey}:${row.size}`, async () => {
    const object = await storage.get(row.storageKey);
    if (!object) {
      missing = true;
      return null;
    }
    return Buffer.concat(await object.stream.toArray());
  });
  if (missing) return null;
  return rendition ? { printable: true, bytes: rendition } : { printable: false };
}

function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

export interface EmergencyDataOptions {
  now: Date;
  /** The owner's calendar, for "the last two years". */
  timeZone: string;
  /** Only this pet of the owner's (a household member's file of the pet shared with them). */
  petId?: string;
}

/** The owner's emergency data, or undefined when there is no such user. */
export async function loadEmergencyData(
  db: DbOrTx,
  storage: Storage,
  userId: string,
  { now, timeZone, petId }: EmergencyDataOptions,
): Promise<EmergencyData | undefined> {
  const [profile, pets, pictures, contacts, medicals, secondContacts] = await Promise.all([
    findProfile(db, userId),
    listOwnPets(db, userId),
    listPetPictures(db, userId),
    listUserContacts(db, userId),
    listPrintedMedicals(db, userId, recentSince(now, timeZone)),
    listSecondContacts(db, userId, now),
  ]);
  if (!profile) return undefined;
  const { name, email, phone, address1, address2, zipcode, city, country } = profile;
  const owner: EmergencyOwner = { name, email, phone, address1, address2, zipcode, city, country };

  const contactsByPet = groupBy(sortForList(contacts), (c) => c.petId);
  const medicalsByPet = groupBy(sortNewestFirst(medicals), (m) => `${m.petId}\u0000${m.medicalType}`);
  const picturesByPet = new Map(pictures.map((p) => [p.petId, p]));
  const secondContactByPet = new Map(
    secondContacts.map(({ petId, ...person }): [string, EmergencySecondContact] => [petId, person]),
  );
  const medicalsOf = (petId: string, type: string) => medicalsByPet.get(`${petId}\u0000${type}`) ?? [];

  const result: EmergencyPet[] = [];
  // One picture at a time: an owner's pictures together could be large.
  for (const pet of pets) {
    if (petId !== undefined && pet.id !== petId) continue;
    const picture = picturesByPet.get(pet.id);
    result.push({
      id: pet.id,
      name: pet.name,
      petType: pet.petType,
      gender: pet.gender,
      race: pet.race,
      dateOfBirth: pet.dateOfBirth,
      sizeCm: pet.sizeCm,
      color: pet.color,
      features: pet.features,
      labeling: pet.labeling,
      ancestry: pet.ancestry,
      latestWeight: pet.weights[0] ?? null,
      picture: picture ? await readPicture(storage, picture) : null,
      secondContact: secondContactByPet.get(pet.id) ?? null,
      contacts: vetsFirst(contactsByPet.get(pet.id) ?? []),
      allergies: medicalsOf(pet.id, 'allergy'),
      acuteDiseases: medicalsOf(pet.id, 'disease'),
      medications: medicalsOf(pet.id, 'medication'),
      interventions: medicalsOf(pet.id, 'intervention'),
      vaccinations: medicalsOf(pet.id, 'vaccination'),
    });
  }
  return { owner, pets: result };
}
