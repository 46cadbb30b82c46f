import { apiPaths } from '@pet/shared/paths';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import type { TestUser } from '../../../test/support/accounts.ts';
import { publicDownload } from '../../../test/support/emergency.ts';
import { addMembership, inviteToHousehold, joinHousehold } from '../../../test/support/household.ts';
import { pdfPages, pdfText } from '../../../test/support/pdf-text.ts';
import { addPet, call } from '../../../test/support/pets.ts';
import { useTestApp } from '../../../test/support/test-app.ts';
import { onPostgres } from '../../../test/support/test-stage.ts';
import { householdMembers } from '../../db/schema/household.ts';
import { eraseAccount } from '../account-deletion/erasure.ts';

// The pet's second emergency contact (issue 49, point 4), through the calls, on both databases: the owner
// names one current co-owner (PUT /v1/household/emergency-contact), the household read says who, every
// download of the file (the owner's, the public one by the password, a member's of the shared pet) prints
// both contacts; the co-owner may withdraw; the naming ends with the membership, a change to sitter and a
// last day passed; everyone else is refused and nothing changes.

const t = useTestApp({ brand: 'petention' });

const OWNER_PHONE = '+49 30 1111111';
const CO_PHONE = '+49 40 2222222';

async function withPhone(user: TestUser, phone: string): Promise<void> {
  const answer = await call(t, user, 'PUT', `/v1/user/update?id=${user.id}`, { phone });
  expect(answer.statusCode, answer.body).toBe(200);
}

/** Olga's dog Luna with a co-owner Cora (with a phone), a second co-owner Carl and a sitter Sam. */
async function household() {
  const owner = await t.user({ plan: 'premium', name: 'Olga Owner' });
  await withPhone(owner, OWNER_PHONE);
  const luna = await addPet(t, owner, { name: 'Luna' });
  const cora = await t.user({ name: 'Cora Coowner' });
  await withPhone(cora, CO_PHONE);
  const carl = await t.user({ name: 'Carl Second' });
  const sam = await t.user({ name: 'Sam Sitter' });
  const coraId = await joinHousehold(t, owner, luna.id, cora, 'co-owner');
  const carlId = await joinHousehold(t, owner, luna.id, carl, 'co-owner');
  const samId = await joinHousehold(t, owner, luna.id, sam, 'sitter');
  return { owner, luna, cora, coraId, carl, carlId, sam, samId };
}

const url = (petId: string) => `${apiPaths.householdEmergencyContact}?pet_id=${petId}`;

const name = (user: TestUser, petId: string, memberId: string | null) =>
  call(t, user, 'PUT', url(petId), { member_id: memberId });

async function named(user: TestUser, petId: string): Promise<string[]> {
  const answer = await call(t, user, 'GET', `${apiPaths.household}?pet_id=${petId}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer
    .json<{ members: Array<{ name: string; emergency_contact: boolean }> }>()
    .members.filter((m) => m.emergency_contact)
    .map((m) => m.name);
}

async function historyActions(owner: TestUser, petId: string): Promise<string[]> {
  const answer = await call(t, owner, 'GET', `${apiPaths.householdHistory}?pet_id=${petId}`);
  return answer
    .json<{ data: Array<{ action: string; entity: string }> }>()
    .data.filter((entry) => entry.entity === 'emergency_contact')
    .map((entry) => entry.action);
}

/** The text of the owner's whole file (the signed-in download). */
async function ownersFile(owner: TestUser, language = 'en'): Promise<string> {
  const answer = await call(t, owner, 'GET', `${apiPaths.emergency}?language=${language}`);
  expect(answer.statusCode).toBe(200);
  return pdfText(answer.rawPayload);
}

describe('the owner names a co-owner', () => {
  test('the household says who; every download of the file prints both contacts', async () => {
    const { owner, luna, cora, coraId, sam } = await household();
    await addPet(t, owner, { name: 'Rex' });
    expect(await named(owner, luna.id)).toEqual([]);

    const answer = await name(owner, luna.id, coraId);
    expect(answer.statusCode, answer.body).toBe(204);
    expect(await named(owner, luna.id)).toEqual(['Cora Coowner']);
    // Every co-owner reads it, Cora too.
    expect(await named(cora, luna.id)).toEqual(['Cora Coowner']);
    expect(await historyActions(owner, luna.id)).toEqual(['named']);

    const whole = await ownersFile(owner);
    for (const shown of ['Olga Owner', OWNER_PHONE, 'Second emergency contact (co-owner)', 'Cora Coowner']) {
      expect(whole).toContain(shown);
    }
    expect(whole).toContain(CO_PHONE);
    expect(whole).toContain(cora.email);
    // Rex (the last section) has no second contact: his page prints the owner alone.
    const wholePages = await pdfPages(
      (await call(t, owner, 'GET', `${apiPaths.emergency}?language=en`)).rawPayload,
    );
    expect(wholePages.at(-1)).toContain('Rex');
    expect(wholePages.at(-1)).toContain('Olga Owner');
    expect(wholePages.at(-1)).not.toContain('Cora Coowner');

    const german = await ownersFile(owner, 'de');
    expect(german).toContain('Zweiter Notfallkontakt (Mitbesitzer/in)');
    expect(german).toContain(CO_PHONE);

    // The finder's download by the emergency password is the same file.
    const password = await call(t, owner, 'POST', apiPaths.emergencyPassword);
    expect(password.statusCode, password.body).toBe(200);
    const found = await publicDownload(t, { activation_code: password.json().password, language: 'en' });
    expect(found.statusCode).toBe(200);
    const foundText = await pdfText(found.rawPayload);
    for (const shown of ['Olga Owner', OWNER_PHONE, 'Cora Coowner', CO_PHONE])
      expect(foundText).toContain(shown);

    // A member's download of the shared pet: the sitter's and the named co-owner's own.
    for (const member of [sam, cora]) {
      const file = await call(t, member, 'GET', `${apiPaths.emergency}?language=en&pet_id=${luna.id}`);
      expect(file.statusCode).toBe(200);
      const text = await pdfText(file.rawPayload);
      for (const shown of ['Olga Owner', OWNER_PHONE, 'Cora Coowner', CO_PHONE])
        expect(text).toContain(shown);
    }
  });

  test('one at a time: naming another co-owner replaces the first; null names no one', async () => {
    const { owner, luna, coraId, carlId } = await household();
    expect((await name(owner, luna.id, coraId)).statusCode).toBe(204);
    expect((await name(owner, luna.id, carlId)).statusCode).toBe(204);
    expect(await named(owner, luna.id)).toEqual(['Carl Second']);
    // The same one again changes nothing and writes no line.
    expect((await name(owner, luna.id, carlId)).statusCode).toBe(204);
    expect((await name(owner, luna.id, null)).statusCode).toBe(204);
    expect(await named(owner, luna.id)).toEqual([]);
    expect(await historyActions(owner, luna.id)).toEqual(['unnamed', 'named', 'named']);
    const text = await ownersFile(owner);
    expect(text).not.toContain('Second emergency contact');
    expect(text).not.toContain('Carl Second');
  });

  // PGlite has one connection: only PostgreSQL has a naming in flight while another waits.
  test.runIf(onPostgres)(
    'a naming that meets another one in flight waits for it, then replaces it',
    async () => {
      const { owner, luna, coraId, carlId } = await household();
      let naming: ReturnType<typeof name> | undefined;
      await t.database.db.transaction(async (tx) => {
        // Carl named and not yet committed: Cora's naming must wait for this, not fail on the one-per-pet index.
        await tx
          .update(householdMembers)
          .set({ emergencyContact: true })
          .where(eq(householdMembers.id, carlId));
        naming = name(owner, luna.id, coraId);
        await new Promise((resolve) => setTimeout(resolve, 300));
      });
      const answer = await naming!;
      expect(answer.statusCode, answer.body).toBe(204);
      expect(await named(owner, luna.id)).toEqual(['Cora Coowner']);
    },
  );
});

describe('refused, and nothing changes', () => {
  test('a sitter, a pending invitee, someone else’s member, an unknown id: 400 on member_id', async () => {
    const { owner, luna, coraId, samId } = await household();
    await name(owner, luna.id, coraId);
    const other = await t.user({ plan: 'premium' });
    const theirs = await addPet(t, other);
    const theirMember = await joinHousehold(t, other, theirs.id, await t.user(), 'co-owner');
    const { invitationId } = await inviteToHousehold(t, owner, luna.id, 'pending@example.test', 'co-owner');
    for (const memberId of [samId, theirMember, invitationId, crypto.randomUUID()]) {
      const answer = await name(owner, luna.id, memberId);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().fields).toEqual({ member_id: 'Emergency_Contact_Not_Co_Owner_Text' });
    }
    const malformed = await call(t, owner, 'PUT', url(luna.id), {});
    expect(malformed.statusCode).toBe(400);
    expect(await named(owner, luna.id)).toEqual(['Cora Coowner']);
    expect(await named(other, theirs.id)).toEqual([]);
    expect(await historyActions(owner, luna.id)).toEqual(['named']);
  });

  test('a co-owner or sitter may not name anyone: 403; a stranger gets the 404 of a missing pet', async () => {
    const { owner, luna, cora, coraId, carl, carlId, sam } = await household();
    await name(owner, luna.id, coraId);
    for (const member of [carl, sam]) {
      for (const memberId of [carlId, coraId, null]) {
        const answer = await name(member, luna.id, memberId);
        expect(answer.statusCode).toBe(403);
        expect(answer.json().code).toBe('FORBIDDEN_FOR_ROLE');
      }
    }
    // Cora, named, may withdraw herself but not name Carl.
    expect((await name(cora, luna.id, carlId)).statusCode).toBe(403);

    const stranger = await t.user({ plan: 'premium' });
    const theirs = await name(stranger, luna.id, coraId);
    const missing = await name(stranger, crypto.randomUUID(), coraId);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(missing.json());
    expect(await named(owner, luna.id)).toEqual(['Cora Coowner']);
    expect(await historyActions(owner, luna.id)).toEqual(['named']);
  });
});

describe('the naming ends', () => {
  test('the co-owner named withdraws: the file prints the owner alone', async () => {
    const { owner, luna, cora, coraId } = await household();
    await name(owner, luna.id, coraId);
    const withdrawn = await name(cora, luna.id, null);
    expect(withdrawn.statusCode, withdrawn.body).toBe(204);
    expect(await named(owner, luna.id)).toEqual([]);
    expect(await historyActions(owner, luna.id)).toEqual(['withdrew', 'named']);
    const text = await ownersFile(owner);
    expect(text).toContain('Olga Owner');
    expect(text).not.toContain('Cora Coowner');
    // Once withdrawn, a second null is no longer hers to send.
    expect((await name(cora, luna.id, null)).statusCode).toBe(403);
  });

  test.each(['leaves', 'is removed', 'becomes a sitter', 'deletes the account'] as const)(
    'when the co-owner %s',
    async (how) => {
      const { owner, luna, cora, coraId } = await household();
      await name(owner, luna.id, coraId);
      if (how === 'leaves') {
        expect((await call(t, cora, 'DELETE', `${apiPaths.household}?member_id=${coraId}`)).statusCode).toBe(
          204,
        );
      } else if (how === 'is removed') {
        expect((await call(t, owner, 'DELETE', `${apiPaths.household}?member_id=${coraId}`)).statusCode).toBe(
          204,
        );
      } else if (how === 'becomes a sitter') {
        // Invited again as a sitter: accepting changes the membership's role.
        expect(await joinHousehold(t, owner, luna.id, cora, 'sitter')).toBe(coraId);
      } else {
        expect(await eraseAccount(t.app.ctx, cora.id)).toBe(true);
      }
      expect(await named(owner, luna.id)).toEqual([]);
      const text = await ownersFile(owner);
      expect(text).not.toContain('Cora Coowner');
      expect(text).not.toContain(CO_PHONE);
      // Back as a co-owner (not after the account's deletion), she is not named again by herself.
      if (how === 'becomes a sitter') {
        await joinHousehold(t, owner, luna.id, cora, 'co-owner');
        expect(await named(owner, luna.id)).toEqual([]);
      }
      // The owner may name someone else at once.
      const carl = (await call(t, owner, 'GET', `${apiPaths.household}?pet_id=${luna.id}`))
        .json<{ members: Array<{ id: string; name: string }> }>()
        .members.find((m) => m.name === 'Carl Second')!;
      expect((await name(owner, luna.id, carl.id)).statusCode).toBe(204);
    },
  );

  test('when the co-owner’s last day is over: neither shown nor printed, and not to be named', async () => {
    const { owner, luna } = await household();
    const dana = await t.user({ name: 'Dana Lastday' });
    const danaId = await addMembership(t, luna.id, dana.id, 'co-owner');
    expect((await name(owner, luna.id, danaId)).statusCode).toBe(204);
    expect(await ownersFile(owner)).toContain('Dana Lastday');
    await t.database.db
      .update(householdMembers)
      .set({ until: new Date(Date.now() - 1000) })
      .where(eq(householdMembers.id, danaId));
    expect(await named(owner, luna.id)).toEqual([]);
    expect(await ownersFile(owner)).not.toContain('Dana Lastday');
    expect((await name(owner, luna.id, danaId)).statusCode).toBe(400);
  });
});
