import { brandConfig, isoToDisplayDate, type MedicalType } from '@pet/shared';
import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import type { TestUser } from '../../../test/support/accounts.ts';
import { contactBody } from '../../../test/support/contacts.ts';
import { medicalBody } from '../../../test/support/medical.ts';
import { pdfPages, pdfText } from '../../../test/support/pdf-text.ts';
import { addPet, call, displayDate, jpeg, PNG, upload } from '../../../test/support/pets.ts';
import { statementRecorder } from '../../../test/support/statements.ts';
import { TEST_PUBLIC_URL, useTestApp } from '../../../test/support/test-app.ts';
import { instantToZoned } from '../../lib/zoned-time.ts';
import { type EmergencyData, loadEmergencyData } from './emergency-data.ts';
import { renderEmergencyFile } from './emergency-pdf.ts';
import { renderEmergencyTag } from './emergency-tag.ts';
import { notfallUrl } from './notfall-url.ts';

// The emergency file from seeded data: what it gathers for an owner (and only for them), and what the
// rendered PDFs say, read back with pdftotext in English and German.

const t = useTestApp();

const OWNER = 'Jürgen Straßer-Łukasiewicz';
const DOG = 'Şahin Ğüzel İpek';
const CAT = 'Łatka Ząbek Ęła';
const VET = 'Ağça Öğüt-Çelik';
const NOW = new Date();
const ZONE = 'UTC';
const brand = brandConfig('petention');

let owner: TestUser;
let stranger: TestUser;
let data: EmergencyData;

async function post(user: TestUser, url: string, body: object): Promise<void> {
  const response = await call(t, user, 'POST', url, body);
  if (response.statusCode !== 201) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
}

const addMedical = (user: TestUser, petId: string, type: MedicalType, extra: object = {}) =>
  post(user, `/v1/medical/${type}?pet_id=${petId}`, medicalBody(type, extra));

beforeAll(async () => {
  owner = await t.user({ plan: 'basic', name: OWNER });
  const address = await call(t, owner, 'PUT', `/v1/user/update?id=${owner.id}`, {
    address_1: 'Große Straße 1',
    address_2: '',
    zipcode: '10115',
    city: 'Berlin',
    country: 'DE',
    phone: '+49 30 987654',
  });
  expect(address.statusCode).toBe(200);

  const dog = await addPet(t, owner, { name: DOG, gender: 'male', race: 'Labrador' });
  const profile = await call(t, owner, 'PUT', `/v1/pet?id=${dog.id}`, {
    name: DOG,
    pet_type: 'Dog',
    gender: 'male',
    race: 'Labrador',
    size: 58,
    color: 'schwarz-weiß',
    features: 'Kerbe im linken Ohr',
    labeling: '276098106543210',
    ancestry: 'Zwinger vom Schloß',
    date_of_birth: displayDate(-800),
    weights: [
      { weight: 31.5, date: displayDate(-3) },
      { weight: 29, date: displayDate(-40) },
    ],
  });
  expect(profile.statusCode).toBe(200);
  const picture = await upload(t, owner, `file_for=pet&pet_id=${dog.id}`, {
    filename: 'dog.png',
    contentType: 'image/png',
    data: PNG,
  });
  expect(picture.statusCode).toBeLessThan(300);
  await addPet(t, owner, { name: CAT, pet_type: 'Cat' });

  // The contacts page puts the holder before the vet; the file puts the vet first.
  await post(
    owner,
    `/v1/contact?pet_id=${dog.id}`,
    contactBody({ contact_type: 'Holder', name: 'Aaron Holder', title: '' }),
  );
  await post(owner, `/v1/contact?pet_id=${dog.id}`, contactBody({ name: VET }));
  await post(
    owner,
    `/v1/contact?pet_id=${dog.id}`,
    contactBody({ contact_type: 'Breeder', name: 'Bea Breeder', title: '' }),
  );

  await addMedical(owner, dog.id, 'allergy', { name: 'Pollen' });
  await addMedical(owner, dog.id, 'disease', { name: 'Otitis', still_acute: true });
  await addMedical(owner, dog.id, 'disease', { name: 'Gastritis (healed)', still_acute: false });
  await addMedical(owner, dog.id, 'medication', { name: 'Apoquel' });
  await addMedical(owner, dog.id, 'medication', { name: 'Cortison (stopped)', in_use: false });
  await addMedical(owner, dog.id, 'intervention', { name: 'Castration', date: displayDate(-100) });
  await addMedical(owner, dog.id, 'intervention', { name: 'Dental (old)', date: displayDate(-800) });
  await addMedical(owner, dog.id, 'vaccination', { name: 'Rabies', date: displayDate(-700) });
  await addMedical(owner, dog.id, 'vaccination', { name: 'Distemper (old)', date: displayDate(-800) });
  await addMedical(owner, dog.id, 'deworming', { name: 'Milbemax' });

  // Someone else's pet with records of every kind: none of it may reach the owner's file.
  stranger = await t.user({ plan: 'basic', name: 'Stranger Danger' });
  const theirs = await addPet(t, stranger, { name: 'Fremdhund' });
  await post(stranger, `/v1/contact?pet_id=${theirs.id}`, contactBody({ name: 'Stranger Vet' }));
  for (const type of ['allergy', 'disease', 'medication', 'intervention', 'vaccination'] as const) {
    await addMedical(stranger, theirs.id, type, { name: `Stranger ${type}`, still_acute: true });
  }

  data = (await loadEmergencyData(t.database.db, t.app.ctx.storage, owner.id, { now: NOW, timeZone: ZONE }))!;
});

const names = (rows: Array<{ name: string }>) => rows.map((r) => r.name);

describe('loadEmergencyData', () => {
  test('gathers the owner and every pet with what the file prints, and nothing of anyone else', async () => {
    expect(data.owner).toMatchObject({
      name: OWNER,
      address1: 'Große Straße 1',
      zipcode: '10115',
      city: 'Berlin',
      country: 'DE',
      phone: '+49 30 987654',
    });
    expect(names(data.pets)).toEqual([DOG, CAT]);
    const [dog, cat] = data.pets;
    expect(dog).toMatchObject({
      petType: 'Dog',
      sizeCm: 58,
      labeling: '276098106543210',
      ancestry: 'Zwinger vom Schloß',
      latestWeight: { weight: 31.5 },
    });
    // The uploaded PNG is printed as its JPEG rendition (print-picture.ts).
    const picture = dog!.picture as { printable: true; bytes: Buffer };
    expect(picture.printable).toBe(true);
    const printed = await sharp(picture.bytes).metadata();
    const uploaded = await sharp(PNG).metadata();
    expect(printed).toMatchObject({ format: 'jpeg', width: uploaded.width, height: uploaded.height });
    expect(names(dog!.contacts)).toEqual([VET, 'Aaron Holder', 'Bea Breeder']);
    expect(names(dog!.allergies)).toEqual(['Pollen']);
    expect(names(dog!.acuteDiseases)).toEqual(['Otitis']);
    expect(names(dog!.medications)).toEqual(['Apoquel']);
    expect(names(dog!.interventions)).toEqual(['Castration']);
    expect(names(dog!.vaccinations)).toEqual(['Rabies']);
    expect(cat).toMatchObject({
      picture: null,
      contacts: [],
      allergies: [],
      vaccinations: [],
      secondContact: null,
    });
    expect(JSON.stringify(data)).not.toContain('Stranger');
    expect(JSON.stringify(data)).not.toContain('Fremdhund');
  });

  test('six statements for all the pets and their records, however many', async () => {
    const statementsOf = statementRecorder(t.database);
    const load = (userId: string) => () =>
      loadEmergencyData(t.database.db, t.app.ctx.storage, userId, { now: NOW, timeZone: ZONE });
    // Two pets with contacts and records of every kind, and one pet with one of each.
    expect(await statementsOf(load(owner.id))).toHaveLength(6);
    expect(await statementsOf(load(stranger.id))).toHaveLength(6);
  });

  test('answers undefined for a user that does not exist', async () => {
    const missing = await loadEmergencyData(t.database.db, t.app.ctx.storage, 'no-such-user', {
      now: NOW,
      timeZone: ZONE,
    });
    expect(missing).toBeUndefined();
  });
});

const created = instantToZoned(NOW, ZONE);
const createdDate = isoToDisplayDate(created.date);
const createdTime = created.time.slice(0, 5);

const EXPECTED = {
  en: {
    generated: `Created on ${createdDate} at ${createdTime} (UTC)`,
    page: (n: number, m: number) => `Page ${n} of ${m}`,
    headings: [
      'Owner',
      'Contacts',
      'Allergies',
      'Acute diseases',
      'Medications in use',
      'Interventions of the last two years',
      'Vaccinations of the last two years',
    ],
    vet: `Vet: Dr. ${VET}`,
    holder: 'Owner: Aaron Holder',
    medication: 'Apoquel: 16 mg mornings, evenings',
    empty: [
      'No contacts recorded.',
      'No allergies recorded.',
      'No acute diseases recorded.',
      'No medications in use recorded.',
      'No interventions in the last two years.',
      'No vaccinations in the last two years.',
    ],
    noPicture: 'No picture',
    species: 'Species Dog',
  },
  de: {
    generated: `Erstellt am ${createdDate} um ${createdTime} Uhr (UTC)`,
    page: (n: number, m: number) => `Seite ${n} von ${m}`,
    headings: [
      'Halter',
      'Kontakte',
      'Allergien',
      'Akute Krankheiten',
      'Aktuelle Medikamente',
      'Eingriffe der letzten zwei Jahre',
      'Impfungen der letzten zwei Jahre',
    ],
    vet: `Tierarzt: Dr. ${VET}`,
    holder: 'Halter: Aaron Holder',
    medication: 'Apoquel: 16 mg morgens, abends',
    empty: [
      'Keine Kontakte erfasst.',
      'Keine Allergien erfasst.',
      'Keine akuten Krankheiten erfasst.',
      'Keine aktuellen Medikamente erfasst.',
      'Keine Eingriffe in den letzten zwei Jahren.',
      'Keine Impfungen in den letzten zwei Jahren.',
    ],
    noPicture: 'Kein Bild',
    species: 'Tierart Hund',
  },
} as const;

describe.each(['en', 'de'] as const)('renderEmergencyFile (%s)', (language) => {
  const expected = EXPECTED[language];
  let pages: string[];
  let pdf: Buffer;

  beforeAll(async () => {
    pdf = await renderEmergencyFile(data, {
      language,
      brand,
      generatedAt: NOW,
      timeZone: ZONE,
      notfallUrl: notfallUrl(TEST_PUBLIC_URL),
    });
    pages = await pdfPages(pdf);
  });

  test('one section per pet, each on its own pages, every page numbered "n of m" with the brand', () => {
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pages.length).toBeGreaterThan(2);
    expect(pages[0]).toContain(`${DOG} ${expected.noPicture}`.slice(0, DOG.length));
    expect(pages.at(-1)!.startsWith(`${brand.displayName}`)).toBe(true);
    expect(pages.at(-1)).toContain(CAT);
    pages.forEach((page, index) => {
      expect(page).toContain(expected.page(index + 1, pages.length));
      expect(page).toContain(brand.displayName);
      expect(page).toContain(expected.generated);
    });
    // The picture is in the file (one image), and its QR code's address is printed beside it.
    expect(pdf.toString('latin1')).toContain('/Subtype /Image');
    expect(pages[0]).toContain(`${TEST_PUBLIC_URL}/notfall`);
  });

  test('every section, the vet first, only current medications, acute diseases and recent records', async () => {
    const text = pages.slice(0, -1).join(' ');
    for (const heading of expected.headings) expect(text).toContain(heading);
    expect(text).toContain(expected.species);
    expect(text).toContain('276098106543210');
    expect(text).toContain('Zwinger vom Schloß');
    expect(text).toContain('schwarz-weiß');
    expect(text).toContain('58 cm');
    expect(text).toContain(language === 'de' ? '31,5 kg' : '31.5 kg');
    expect(text).toContain(displayDate(-800));
    expect(text).toContain('Große Straße 1, 10115 Berlin');
    expect(text).toContain('+49 30 987654');
    expect(text.indexOf(expected.vet)).toBeGreaterThan(-1);
    expect(text.indexOf(expected.vet)).toBeLessThan(text.indexOf(expected.holder));
    expect(text.indexOf(expected.holder)).toBeLessThan(text.indexOf('Bea Breeder'));
    for (const shown of ['Pollen', 'Otitis', 'Castration', 'Rabies', expected.medication]) {
      expect(text).toContain(shown);
    }
    expect(text).toContain(`${displayDate(-10)} ${language === 'de' ? 'bis' : 'to'} ${displayDate(20)}`);
    for (const hidden of [
      'Gastritis',
      'Cortison',
      'Dental',
      'Distemper',
      'Milbemax',
      'Stranger',
      'Fremdhund',
    ]) {
      expect(text).not.toContain(hidden);
    }
  });

  test('a pet without data says so in every section instead of leaving it out', () => {
    const catPage = pages.at(-1)!;
    expect(catPage).toContain(expected.noPicture);
    for (const sentence of expected.empty) expect(catPage).toContain(sentence);
    expect(catPage).toContain(OWNER);
  });

  test('names in any Latin script print exactly as given', async () => {
    const text = await pdfText(pdf);
    for (const name of [OWNER, DOG, CAT, VET]) expect(text).toContain(name);
  });
});

describe('a picture pdfkit cannot draw', () => {
  test.each([
    ['a WebP or GIF, or one too large', { printable: false } as const],
    ['bytes that only start like a JPEG', { printable: true, bytes: jpeg(2048) } as const],
  ])('%s: the file says so where the picture would be', async (_name, picture) => {
    const pets = data.pets.map((pet) => ({ ...pet, picture }));
    const pdf = await renderEmergencyFile(
      { ...data, pets },
      { language: 'en', brand, generatedAt: NOW, timeZone: ZONE, notfallUrl: notfallUrl(TEST_PUBLIC_URL) },
    );
    expect(pdf.toString('latin1')).not.toContain('/Subtype /Image');
    const text = await pdfText(pdf);
    expect(text.match(/The picture cannot be printed/g)).toHaveLength(2);
  });
});

test('a letter that is part of another one’s glyph (S of Ş) keeps its text in the next document', async () => {
  const tag = (petNames: string[]) =>
    renderEmergencyTag({
      petNames,
      password: 'K7XQ92MFTP',
      brand,
      publicUrl: TEST_PUBLIC_URL,
      language: 'en',
      generatedAt: NOW,
    });
  // The first tag prints Ş (S and a cedilla in one glyph) but no S of its own.
  await tag(['Şirin']);
  expect(await pdfText(await tag(['Sunny']))).toContain('Sunny');
});

describe('renderEmergencyTag', () => {
  test.each(['en', 'de'] as const)(
    '%s: the pets, "if found, scan" in both languages, the password',
    async (language) => {
      const text = await pdfText(
        await renderEmergencyTag({
          petNames: [DOG, CAT],
          password: 'K7XQ92MFTP',
          brand,
          publicUrl: TEST_PUBLIC_URL,
          language,
          generatedAt: NOW,
        }),
      );
      expect(text).toContain(language === 'de' ? 'Notfallanhänger' : 'Emergency tag');
      expect(text).toContain(language === 'de' ? 'Halsbandanhänger' : 'Collar tag');
      for (const shown of [
        DOG,
        CAT,
        'If found, scan',
        'Gefunden? Bitte scannen',
        'K7XQ92MFTP',
        brand.displayName,
      ]) {
        expect(text).toContain(shown);
      }
      expect(text).toContain(`${TEST_PUBLIC_URL}/notfall`);
    },
  );
});
