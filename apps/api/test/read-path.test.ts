import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { gpsTrackers, pets, sessions } from '../src/db/schema/index.ts';
import type { TestUser } from './support/accounts.ts';
import { addDocument, file, PDF } from './support/documents.ts';
import { addPet, call, displayDate, PNG } from './support/pets.ts';
import { addShareLink, openShared } from './support/share-links.ts';
import { statementRecorder } from './support/statements.ts';
import { useTestApp } from './support/test-app.ts';

// The authenticated read path: the SQL statements a session check and the common reads cost. On PGlite every
// statement is a round of protocol messages through WASM, on PostgreSQL a round trip: a change that adds a
// query per request (or one per pet) fails here. The session check is one statement (the session with its
// user: modules/auth/sessions/session-lookup.ts, or better-auth's joined read); each read adds one, except the pet
// list, which is read with the session in one statement (modules/auth/sessions/session-read.ts).

const t = useTestApp();
let statementsOf: ReturnType<typeof statementRecorder>;
let owner: TestUser;
let other: TestUser;
let petIds: string[];
/** Share links of the first pet: without, then with its documents. */
const sharedSecrets: string[] = [];

beforeAll(async () => {
  statementsOf = statementRecorder(t.database);
  // The browser's cookie and the bearer token of one session, as sign-in hands them out.
  owner = await t.user({ plan: 'premium' });
  other = await t.user({ plan: 'premium' });
  petIds = [];
  for (const name of ['Bello', 'Mimi', 'Hoppel']) {
    const pet = await addPet(t, owner, { name });
    petIds.push(pet.id);
    const weights = [
      { weight: 12.5, date: '01.03.2024' },
      { weight: 11.25, date: '01.03.2024' },
      { weight: 10, date: '15.01.2023' },
    ];
    const edited = await call(t, owner, 'PUT', `/v1/pet?id=${pet.id}`, { name, pet_type: 'Dog', weights });
    expect(edited.statusCode).toBe(200);
    const created = await call(t, owner, 'POST', `/v1/appointment?pet_id=${pet.id}`, {
      appointment_type: 'Examination',
      reason: `Check-up of ${name}`,
      appointment_date: '01.01.2099',
      appointment_time: '10:00',
    });
    expect(created.statusCode).toBe(201);
    for (const [contactName, contact_type] of [
      ['Dr. Vet', 'Vet'],
      ['Anna', 'Holder'],
    ]) {
      const contact = await call(t, owner, 'POST', `/v1/contact?pet_id=${pet.id}`, {
        name: contactName,
        phone: '030 1',
        contact_type,
      });
      expect(contact.statusCode).toBe(201);
    }
    const vaccination = await call(t, owner, 'POST', `/v1/medical/vaccination?pet_id=${pet.id}`, {
      name: 'Rabies',
      next_due_date: displayDate(10),
    });
    expect(vaccination.statusCode).toBe(201);
  }
  // Oldest first is by creation time; make it differ from the id order and the name order.
  await t.database.db
    .update(pets)
    .set({ createdAt: new Date('2020-01-01T00:00:00Z') })
    .where(eq(pets.id, petIds[2]!));
  petIds = [petIds[2]!, petIds[0]!, petIds[1]!];
  for (const description of ['Blood count', 'X-ray']) {
    await addDocument(t, owner, petIds[0]!, {
      files: [file('a.png', PNG), file('b.pdf', PDF)],
      body: { description },
    });
  }
  for (const include_documents of [false, true]) {
    sharedSecrets.push((await addShareLink(t, owner, petIds[0]!, { include_documents })).secret);
  }
  await addPet(t, other, { name: 'Fremd' });
  await t.database.db.insert(gpsTrackers).values([
    {
      trackerId: 'TRK-B',
      partnerId: 'test',
      userId: owner.id,
      registeredAt: new Date('2024-01-01T00:00:00Z'),
    },
    {
      trackerId: 'TRK-A',
      partnerId: 'test',
      userId: owner.id,
      registeredAt: new Date('2024-02-01T00:00:00Z'),
    },
    {
      trackerId: 'TRK-C',
      partnerId: 'test',
      userId: other.id,
      registeredAt: new Date('2023-01-01T00:00:00Z'),
    },
  ]);
});

describe('statements per authenticated read', () => {
  const reads: Array<[string, () => string, number]> = [
    ['GET /v1/pet (three pets with weights and appointments)', () => '/v1/pet', 1],
    ['GET /v1/pet?pet_id=', () => `/v1/pet?pet_id=${petIds[0]}`, 2],
    ['GET /v1/appointment/myappointments', () => '/v1/appointment/myappointments', 2],
    ['GET /v1/contact/mycontacts?pet_id=', () => `/v1/contact/mycontacts?pet_id=${petIds[0]}`, 2],
    // The pet with its documents, their files and the user's count in one statement; the plan in another.
    [
      'GET /v1/document/mydocs?pet_id= (two documents of two files)',
      () => `/v1/document/mydocs?pet_id=${petIds[0]}`,
      3,
    ],
    ['GET /v1/auth/myinfo', () => '/v1/auth/myinfo', 3],
    ['GET /v1/share-link/mylinks?pet_id=', () => `/v1/share-link/mylinks?pet_id=${petIds[0]}`, 2],
    ['GET /v1/medical/duesoon (three pets with a vaccination)', () => '/v1/medical/duesoon', 2],
    // The plan, the password (redeemed code or personal one) and the download log: one statement each.
    ['GET /v1/emergency/info', () => '/v1/emergency/info', 4],
  ];
  test.each(reads)('%s: the session check and one statement per read', async (_name, url, expected) => {
    for (const via of ['bearer', 'cookie'] as const) {
      let status = 0;
      const statements = await statementsOf(async () => {
        status = (await call(t, owner, 'GET', url(), undefined, via)).statusCode;
      });
      expect(status).toBe(200);
      expect(statements, statements.join('\n')).toHaveLength(expected);
    }
  });

  test('a share link (no session): its per-address limit, the link found and marked used in one statement, then one per part', async () => {
    // The per-address limit's count (in the database since issue 29, so that every process counts into one
    // window: plugins/rate-limit-store.ts), the link, then the pet, its contacts, its medical records, and its
    // documents when the link includes them.
    for (const [index, expected] of [
      [0, 5],
      [1, 6],
    ] as const) {
      let status = 0;
      const statements = await statementsOf(async () => {
        status = (await openShared(t, `/v1/shared/${sharedSecrets[index]}`)).statusCode;
      });
      expect(status).toBe(200);
      expect(statements, statements.join('\n')).toHaveLength(expected);
    }
    const unknown = await statementsOf(() => openShared(t, `/v1/shared/${'Z'.repeat(43)}`));
    expect(unknown).toHaveLength(2);
  });

  test('an unknown session: the fast path’s read, then getSession’s (which clears a stale cookie)', async () => {
    const statements = await statementsOf(async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/v1/pet',
        headers: { authorization: 'Bearer no-such-session' },
      });
      expect(response.statusCode).toBe(401);
    });
    expect(statements).toHaveLength(2);
  });
});

describe('what the combined reads answer', () => {
  test('myinfo: the user’s own pets oldest first and own trackers in registration order', async () => {
    const me = (await call(t, owner, 'GET', '/v1/auth/myinfo')).json();
    expect(me.pets).toEqual([
      { id: petIds[0], name: 'Hoppel', role: 'owner', owner_name: null },
      { id: petIds[1], name: 'Bello', role: 'owner', owner_name: null },
      { id: petIds[2], name: 'Mimi', role: 'owner', owner_name: null },
    ]);
    expect(me.tracker_ids).toEqual(['TRK-B', 'TRK-A']);
    const theirs = (await call(t, other, 'GET', '/v1/auth/myinfo')).json();
    expect(theirs.pets).toEqual([expect.objectContaining({ name: 'Fremd' })]);
    expect(theirs.tracker_ids).toEqual(['TRK-C']);
  });

  test('GET /v1/pet: each pet with its own weights, newest first, one day’s entries as sent', async () => {
    const list = (await call(t, owner, 'GET', '/v1/pet')).json();
    expect(list.map((p: { id: string }) => p.id)).toEqual(petIds);
    for (const pet of list) {
      expect(pet.weights).toEqual([
        { weight: 12.5, date: '01.03.2024' },
        { weight: 11.25, date: '01.03.2024' },
        { weight: 10, date: '15.01.2023' },
      ]);
    }
    const one = (await call(t, owner, 'GET', `/v1/pet?pet_id=${petIds[0]}`)).json();
    expect(one).toEqual(list[0]);
    const theirs = (await call(t, other, 'GET', '/v1/pet')).json();
    expect(theirs).toEqual([expect.objectContaining({ name: 'Fremd', weights: [] })]);
  });
});

describe('the pet list read with the session (one statement)', () => {
  test('a user without pets: an empty list, in one statement', async () => {
    const newcomer = await t.user();
    for (const via of ['bearer', 'cookie'] as const) {
      let answer: unknown;
      const statements = await statementsOf(async () => {
        const response = await call(t, newcomer, 'GET', '/v1/pet', undefined, via);
        expect(response.statusCode).toBe(200);
        answer = response.json();
      });
      expect(answer).toEqual([]);
      expect(statements).toHaveLength(1);
    }
  });

  test('a session due for its refresh: the list read after getSession, the same list as the one statement reads', async () => {
    const fused = (await call(t, owner, 'GET', '/v1/pet')).json();
    // A second session of the owner, past the refresh age (getSession extends it: a write, not the fast path).
    const second = await t.user({ email: `refresh-${owner.email}` });
    await t.database.db.update(pets).set({ userId: second.id }).where(eq(pets.userId, owner.id));
    try {
      const refreshed = await call(t, second, 'GET', '/v1/pet');
      expect(refreshed.json()).toEqual(fused);
      await t.database.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() + 2 * 86_400_000) })
        .where(eq(sessions.userId, second.id));
      let answer: unknown;
      const statements = await statementsOf(async () => {
        const response = await call(t, second, 'GET', '/v1/pet');
        expect(response.statusCode).toBe(200);
        answer = response.json();
      });
      expect(answer).toEqual(fused);
      // The fused read (declined: refresh due), getSession's read and refresh, then the list on its own.
      expect(statements.length, statements.join('\n')).toBeGreaterThan(2);
    } finally {
      await t.database.db.update(pets).set({ userId: owner.id }).where(eq(pets.userId, second.id));
    }
  });

  test('an expired session: 401, and no pet of it in the answer', async () => {
    const expiring = await t.user();
    await addPet(t, expiring, { name: 'Vergangen' });
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(sessions.userId, expiring.id));
    for (const via of ['bearer', 'cookie'] as const) {
      const response = await call(t, expiring, 'GET', '/v1/pet', undefined, via);
      expect(response.statusCode).toBe(401);
      expect(response.body).not.toContain('Vergangen');
    }
  });
});
