import { createHash } from 'node:crypto';
import {
  MEDICAL_TYPES,
  type PetDocument,
  type ShareLink,
  sharedPetSchema,
  shareLinkSchema,
} from '@pet/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import type { TestUser } from '../../../test/support/accounts.ts';
import { contactBody } from '../../../test/support/contacts.ts';
import { addDocument, file, fileIdOf, filesOf, PDF, TXT } from '../../../test/support/documents.ts';
import { capturedLog } from '../../../test/support/log-capture.ts';
import { medicalBody } from '../../../test/support/medical.ts';
import { addPet, call, GIF, jpeg, PNG, upload } from '../../../test/support/pets.ts';
import { addShareLink, openShared } from '../../../test/support/share-links.ts';
import { useTestApp } from '../../../test/support/test-app.ts';
import { shareLinks } from '../../db/schema/emergency.ts';

// Share links (issue 12, point 8): made, listed and revoked by the owner; opened without a session, showing
// exactly one pet (its profile, contacts, medical data, documents only when chosen) and serving only that
// pet's files; unknown, expired, revoked and malformed secrets answer alike; the secret is stored hashed and
// never logged. The app's clock is moved for expiry.

const DAY_MS = 86_400_000;
let shift = 0;
const t = useTestApp({ clock: () => new Date(Date.now() + shift) });

interface PetWithData {
  id: string;
  name: string;
  pictureId: string;
  documents: PetDocument[];
}

/** A pet with a picture, two contacts, one medical record of each category and two documents. */
async function petWithData(user: TestUser, name: string): Promise<PetWithData> {
  const pet = await addPet(t, user, { name, race: `${name}-race` });
  const picture = await upload(t, user, `file_for=pet&pet_id=${pet.id}`, {
    filename: 'pet.jpg',
    contentType: 'image/jpeg',
    data: jpeg(2048),
  });
  expect(picture.statusCode).toBe(201);
  for (const contact of [
    contactBody({ name: `${name} Vet` }),
    contactBody({ name: `${name} Sitter`, contact_type: 'Holder' }),
  ]) {
    expect((await call(t, user, 'POST', `/v1/contact?pet_id=${pet.id}`, contact)).statusCode).toBe(201);
  }
  for (const type of MEDICAL_TYPES) {
    const body = medicalBody(type, { name: `${name} ${type}` });
    expect((await call(t, user, 'POST', `/v1/medical/${type}?pet_id=${pet.id}`, body)).statusCode).toBe(201);
  }
  const documents = [
    await addDocument(t, user, pet.id, {
      files: [file('befund.pdf', PDF), file('bild.png', PNG)],
      body: { description: `${name} blood count` },
    }),
    await addDocument(t, user, pet.id, {
      files: [file('notes.txt', TXT)],
      body: { description: `${name} x-ray` },
    }),
  ];
  return { ...pet, pictureId: fileIdOf(picture.json<{ image_url: string }>().image_url), documents };
}

let owner: TestUser;
let stranger: TestUser;
let bello: PetWithData;
let mimi: PetWithData;
let ownerPictureId: string;

beforeAll(async () => {
  owner = await t.user({ plan: 'premium' });
  stranger = await t.user({ plan: 'premium' });
  bello = await petWithData(owner, 'Bello');
  mimi = await petWithData(owner, 'Mimi');
  const own = await upload(t, owner, 'file_for=user', {
    filename: 'me.gif',
    contentType: 'image/gif',
    data: GIF,
  });
  ownerPictureId = fileIdOf(own.json<{ image_url: string }>().image_url);
});

const listOf = async (user: TestUser, petId: string): Promise<ShareLink[]> => {
  const response = await call(t, user, 'GET', `/v1/share-link/mylinks?pet_id=${petId}`);
  expect(response.statusCode).toBe(200);
  return shareLinkSchema.array().parse(response.json());
};

const NOT_FOUND = { code: 'NOT_FOUND', message: 'Not_Found_Text' };

describe('the owner’s links', () => {
  test('made for 1 to 30 days (address shown once), documents off unless chosen; both credentials', async () => {
    const pet = await addPet(t, owner, { name: 'Hoppel' });
    const made: ShareLink[] = [];
    for (const [days, via] of [
      [1, 'cookie'],
      [30, 'bearer'],
    ] as const) {
      const before = Date.now();
      const response = await call(t, owner, 'POST', `/v1/share-link?pet_id=${pet.id}`, { days }, via);
      expect(response.statusCode).toBe(201);
      const link = response.json();
      expect(link).toEqual({
        id: expect.any(String),
        pet_id: pet.id,
        include_documents: false,
        created_at: expect.any(String),
        expires_at: expect.any(String),
        last_used_at: null,
        active: true,
        url: expect.stringMatching(/^http:\/\/localhost:3000\/shared\/[A-Za-z0-9_-]{43}$/),
      });
      expect(Date.parse(link.expires_at) - Date.parse(link.created_at)).toBe(days * DAY_MS);
      expect(Date.parse(link.created_at)).toBeGreaterThanOrEqual(before);
      made.push(link);
    }
    const withDocuments = await addShareLink(t, owner, pet.id, { days: 3, include_documents: true });
    expect(withDocuments.include_documents).toBe(true);
    // Newest first; the list never shows an address.
    const list = await listOf(owner, pet.id);
    expect(list.map((link) => link.id)).toEqual([withDocuments.id, ...made.map((link) => link.id).reverse()]);
    expect(list[0]).toEqual({ ...withDocuments, url: undefined, secret: undefined });
    for (const link of list) expect(link).not.toHaveProperty('url');
  });

  test('days outside 1..30, not whole, or missing are refused on the field, and nothing is made', async () => {
    const pet = await addPet(t, owner, { name: 'Flocke' });
    for (const body of [
      { days: 0 },
      { days: 31 },
      { days: 1.5 },
      { days: '7' },
      {},
      { days: 7, include_documents: 'yes' },
    ]) {
      const response = await call(t, owner, 'POST', `/v1/share-link?pet_id=${pet.id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const field = 'include_documents' in body ? 'include_documents' : 'days';
      expect(response.json()).toEqual({
        code: 'VALIDATION_ERROR',
        message: 'Bad_Request_Text',
        fields: { [field]: 'Invalid_Value_Error' },
      });
    }
    expect(await listOf(owner, pet.id)).toEqual([]);
  });

  test('revoked at once (inactive in the list, a second revocation changes nothing)', async () => {
    const link = await addShareLink(t, owner, bello.id);
    expect((await openShared(t, link.url.replace('/shared/', '/v1/shared/'))).statusCode).toBe(200);
    expect(
      (await call(t, owner, 'DELETE', `/v1/share-link?id=${link.id}`, undefined, 'cookie')).statusCode,
    ).toBe(204);
    const [row] = await t.database.db.select().from(shareLinks).where(eq(shareLinks.id, link.id));
    expect(row?.revokedAt).toBeInstanceOf(Date);
    expect((await call(t, owner, 'DELETE', `/v1/share-link?id=${link.id}`)).statusCode).toBe(204);
    const [again] = await t.database.db.select().from(shareLinks).where(eq(shareLinks.id, link.id));
    expect(again?.revokedAt).toEqual(row?.revokedAt);
    const listed = (await listOf(owner, bello.id)).find((entry) => entry.id === link.id);
    expect(listed?.active).toBe(false);
    expect((await openShared(t, `/v1/shared/${link.secret}`)).json()).toEqual(NOT_FOUND);
  });

  test('another user’s pet or link answers exactly like a missing one, and changes nothing', async () => {
    const link = await addShareLink(t, owner, bello.id);
    const missingId = crypto.randomUUID();
    for (const [theirs, missing] of [
      [`/v1/share-link?pet_id=${bello.id}`, `/v1/share-link?pet_id=${missingId}`],
      [`/v1/share-link/mylinks?pet_id=${bello.id}`, `/v1/share-link/mylinks?pet_id=${missingId}`],
      [`/v1/share-link?id=${link.id}`, `/v1/share-link?id=${missingId}`],
    ] as const) {
      const method = theirs.startsWith('/v1/share-link/mylinks')
        ? 'GET'
        : theirs.includes('pet_id')
          ? 'POST'
          : 'DELETE';
      const body = method === 'POST' ? { days: 5 } : undefined;
      const their = await call(t, stranger, method, theirs, body);
      const unknown = await call(t, stranger, method, missing, body);
      expect(their.statusCode).toBe(404);
      expect(their.json()).toEqual(unknown.json());
      expect(their.json()).toEqual(NOT_FOUND);
    }
    expect((await listOf(owner, bello.id)).find((entry) => entry.id === link.id)?.active).toBe(true);
    expect((await openShared(t, `/v1/shared/${link.secret}`)).statusCode).toBe(200);
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const url =
        method === 'GET' ? `/v1/share-link/mylinks?pet_id=${bello.id}` : `/v1/share-link?id=${link.id}`;
      expect((await call(t, null, method, url, method === 'POST' ? { days: 1 } : undefined)).statusCode).toBe(
        401,
      );
    }
  });

  test('only the SHA-256 of the secret is stored', async () => {
    const link = await addShareLink(t, owner, bello.id);
    const [row] = await t.database.db.select().from(shareLinks).where(eq(shareLinks.id, link.id));
    expect(row?.secretHash).toBe(createHash('sha256').update(link.secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(link.secret);
    // 256 bits of base64url.
    expect(Buffer.from(link.secret, 'base64url')).toHaveLength(32);
  });
});

describe('opening a link without a session', () => {
  test('shows the pet, its contacts and every medical record as the owner’s own reads do; no documents', async () => {
    const link = await addShareLink(t, owner, bello.id);
    const response = await openShared(t, `/v1/shared/${link.secret}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    const shared = sharedPetSchema.parse(response.json());
    const filesBase = `http://localhost:3000/v1/shared/${link.secret}/files/`;

    // The pet's own data; who the reader is to it (role, owner, membership) is the signed-in answer's alone.
    const { role, owner_name, member_id, ...pet } = (
      await call(t, owner, 'GET', `/v1/pet?pet_id=${bello.id}`)
    ).json();
    expect({ role, owner_name, member_id }).toEqual({ role: 'owner', owner_name: null, member_id: null });
    expect(shared.pet).toEqual({ ...pet, image_url: `${filesBase}${bello.pictureId}` });
    expect(shared.contacts).toEqual(
      (await call(t, owner, 'GET', `/v1/contact/mycontacts?pet_id=${bello.id}`)).json(),
    );
    expect(shared.medical.map((record) => record.medical_type).toSorted()).toEqual([...MEDICAL_TYPES].sort());
    expect(
      shared.medical.every((record) => record.pet_id === bello.id && record.name.startsWith('Bello')),
    ).toBe(true);
    expect(shared.documents).toBeNull();
    expect(shared.expires_at).toBe(link.expires_at);
    // Nothing of the owner's other pet, nothing of the owner.
    expect(response.body).not.toContain('Mimi');
    expect(response.body).not.toContain(mimi.id);
    expect(response.body).not.toContain(owner.email);
    expect(response.body).not.toContain('/v1/files/');
    // Nor the owner's user id or a reminder's job id, which the owner's own medical answers carry.
    expect(response.body).not.toContain(owner.id);
    expect(response.body).not.toContain('job_id');

    // The picture through the link, served as /v1/files/:id serves it; the documents' files are not shown.
    const picture = await openShared(t, shared.pet.image_url!);
    expect(picture.statusCode).toBe(200);
    expect(picture.rawPayload).toEqual(jpeg(2048));
    expect(picture.headers['content-type']).toBe('image/jpeg');
    expect(picture.headers['content-security-policy']).toContain('sandbox');
    expect(picture.headers['x-content-type-options']).toBe('nosniff');
    expect(picture.headers['cache-control']).toBe('no-store');
    expect(picture.headers['referrer-policy']).toBe('no-referrer');
    const documentFile = fileIdOf(filesOf(bello.documents[0]!)[0]!.url);
    for (const fileId of [
      documentFile,
      mimi.pictureId,
      fileIdOf(filesOf(mimi.documents[0]!)[0]!.url),
      ownerPictureId,
      'nope',
    ]) {
      const refused = await openShared(t, `${filesBase}${fileId}`);
      expect(refused.statusCode, fileId).toBe(404);
      expect(refused.json()).toEqual(NOT_FOUND);
    }
  });

  test('with documents chosen: the pet’s documents and their files, never another pet’s', async () => {
    const link = await addShareLink(t, owner, bello.id, { include_documents: true });
    const shared = sharedPetSchema.parse((await openShared(t, `/v1/shared/${link.secret}`)).json());
    const filesBase = `http://localhost:3000/v1/shared/${link.secret}/files/`;
    const own = (await call(t, owner, 'GET', `/v1/document/mydocs?pet_id=${bello.id}`)).json<{
      data: PetDocument[];
    }>();
    expect(shared.documents).toEqual(
      own.data.map((document) => ({
        ...document,
        doc_url: document.doc_url.map((entry) => entry.replace('http://localhost:3000/v1/files/', filesBase)),
      })),
    );
    expect(JSON.stringify(shared)).not.toContain('Mimi');
    const served = shared.documents!.flatMap(filesOf);
    expect(served.map((f) => f.name).toSorted()).toEqual(['befund.pdf', 'bild.png', 'notes.txt']);
    for (const entry of served) {
      const answer = await openShared(t, entry.url);
      expect(answer.statusCode, entry.name).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers['content-security-policy']).toContain('sandbox');
    }
    // A text file downloads, as from /v1/files/:id.
    const text = await openShared(t, served.find((f) => f.name === 'notes.txt')!.url);
    expect(text.rawPayload).toEqual(TXT);
    expect(text.headers['content-disposition']).toMatch(/^attachment; filename="notes.txt"/);
    for (const fileId of [
      mimi.pictureId,
      ...mimi.documents.flatMap(filesOf).map((f) => fileIdOf(f.url)),
      ownerPictureId,
    ]) {
      expect((await openShared(t, `${filesBase}${fileId}`)).statusCode, fileId).toBe(404);
    }
  });

  test('unknown, expired, revoked and malformed secrets answer the same 404', async () => {
    const expired = await addShareLink(t, owner, bello.id, { days: 1 });
    const revoked = await addShareLink(t, owner, bello.id, { days: 30 });
    await call(t, owner, 'DELETE', `/v1/share-link?id=${revoked.id}`);
    const valid = await addShareLink(t, owner, bello.id, { days: 2 });
    const pictureOf = (secret: string) => `/v1/shared/${secret}/files/${bello.pictureId}`;
    shift = DAY_MS + 60_000;
    try {
      expect((await openShared(t, `/v1/shared/${valid.secret}`)).statusCode).toBe(200);
      expect((await openShared(t, pictureOf(valid.secret))).statusCode).toBe(200);
      const answers = [];
      for (const secret of [
        expired.secret,
        revoked.secret,
        'A'.repeat(43),
        'short',
        '%20',
        'ä'.repeat(30),
        'x'.repeat(100),
      ]) {
        for (const url of [
          `/v1/shared/${encodeURIComponent(secret)}`,
          pictureOf(encodeURIComponent(secret)),
        ]) {
          const response = await openShared(t, url);
          answers.push({
            status: response.statusCode,
            body: response.json(),
            cache: response.headers['cache-control'],
            referrer: response.headers['referrer-policy'],
          });
        }
      }
      expect(new Set(answers.map((a) => JSON.stringify(a)))).toEqual(
        new Set([
          JSON.stringify({ status: 404, body: NOT_FOUND, cache: 'no-store', referrer: 'no-referrer' }),
        ]),
      );
      const listed = await listOf(owner, bello.id);
      expect(listed.find((link) => link.id === expired.id)?.active).toBe(false);
      expect(listed.find((link) => link.id === valid.id)?.active).toBe(true);
    } finally {
      shift = 0;
    }
  });

  test('the page’s use is recorded as the link’s last use (its files are not)', async () => {
    const link = await addShareLink(t, owner, bello.id);
    const used = async () =>
      (await listOf(owner, bello.id)).find((entry) => entry.id === link.id)?.last_used_at;
    expect(await used()).toBeNull();
    await openShared(t, `/v1/shared/${link.secret}/files/${bello.pictureId}`);
    expect(await used()).toBeNull();
    const before = Date.now();
    await openShared(t, `/v1/shared/${link.secret}`);
    const at = await used();
    expect(Date.parse(at!)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(at!)).toBeLessThanOrEqual(Date.now());
  });

  test('rate-limited per client address', async () => {
    const ip = '10.201.0.7';
    const answers: number[] = [];
    for (let i = 0; i < 61; i += 1)
      answers.push((await openShared(t, `/v1/shared/${'C'.repeat(43)}`, ip)).statusCode);
    expect(answers.slice(0, 60).every((status) => status === 404)).toBe(true);
    expect(answers[60]).toBe(429);
    // Another address is not affected.
    expect((await openShared(t, `/v1/shared/${'C'.repeat(43)}`)).statusCode).toBe(404);
  });
});

describe('the secret never reaches the log', () => {
  const log = capturedLog();
  // Request logging is off under NODE_ENV=test; this app logs every request as a server does.
  const logged = useTestApp({ env: { NODE_ENV: 'development', LOG_LEVEL: 'trace' }, logStream: log.stream });

  test('neither the page’s address, the API’s, a file’s nor an unrouted one under it', async () => {
    const user = await logged.user();
    const pet = await addPet(logged, user, { name: 'Rex' });
    const picture = await upload(logged, user, `file_for=pet&pet_id=${pet.id}`, {
      filename: 'pet.png',
      contentType: 'image/png',
      data: PNG,
    });
    expect(picture.statusCode).toBe(201);
    const link = await addShareLink(logged, user, pet.id);
    log.clear();
    const page = await openShared(logged, `/v1/shared/${link.secret}`);
    expect(page.statusCode).toBe(200);
    expect((await openShared(logged, page.json().pet.image_url)).statusCode).toBe(200);
    for (const path of [
      `/v1/shared/${link.secret}/nothing`,
      `/shared/${link.secret}`,
      `/v1/shared/${link.secret}?x=1`,
    ]) {
      await openShared(logged, path);
    }
    const text = log.text();
    expect(text).toContain('/v1/shared/[secret]');
    expect(text).not.toContain(link.secret);
    // The owner's answer carried it, and answers are not logged either.
    expect(text).not.toContain(link.secret.slice(0, 20));
  });
});
