import { apiPaths } from '@pet/shared/paths';
import { describe, expect, test } from 'vitest';
import { uniqueEmail } from '../../../test/support/accounts.ts';
import { inviteToHousehold, joinHousehold } from '../../../test/support/household.ts';
import { addPet, call } from '../../../test/support/pets.ts';
import { useTestApp } from '../../../test/support/test-app.ts';

// The household's calls over HTTP (issue 45, point 2): what each answers, in the error body every route uses
// ({ code, message, fields }), and in the OpenAPI document. The rules themselves: household.test.ts.

const t = useTestApp({ brand: 'petention' });

async function ownerWithPet() {
  const owner = await t.user({ plan: 'premium', name: 'Olga Owner' });
  const pet = await addPet(t, owner, { name: 'Luna' });
  return { owner, pet };
}

describe('the household calls', () => {
  test('invite, accept, read, history, leave: the answers and their shapes', async () => {
    const { owner, pet } = await ownerWithPet();
    const coOwner = await t.user({ name: 'Cora Co' });
    const memberId = await joinHousehold(t, owner, pet.id, coOwner, 'co-owner', '31.12.2099');
    const open = await inviteToHousehold(t, owner, pet.id, uniqueEmail(), 'sitter');

    const household = await call(t, coOwner, 'GET', `${apiPaths.household}?pet_id=${pet.id}`);
    expect(household.statusCode).toBe(200);
    expect(household.json()).toMatchObject({
      members: [
        { id: memberId, email: coOwner.email, name: 'Cora Co', role: 'co-owner', until: '31.12.2099' },
      ],
      invitations: [{ id: open.invitationId, role: 'sitter', until: null }],
    });

    const history = await call(t, owner, 'GET', `${apiPaths.householdHistory}?pet_id=${pet.id}&page_size=1`);
    expect(history.statusCode).toBe(200);
    expect(history.json()).toMatchObject({ total: 4, page: 1, page_size: 1 });
    expect(history.json().data).toHaveLength(1);
    const second = await call(
      t,
      owner,
      'GET',
      `${apiPaths.householdHistory}?pet_id=${pet.id}&page=2&page_size=2`,
    );
    expect(second.json().data.map((e: { action: string }) => e.action)).toEqual(['invited', 'created']);

    const left = await call(t, coOwner, 'DELETE', `${apiPaths.household}?member_id=${memberId}`);
    expect(left.statusCode).toBe(204);
    const after = await call(t, coOwner, 'GET', `${apiPaths.household}?pet_id=${pet.id}`);
    expect(after.statusCode).toBe(404);
  });

  test('a sitter gets 403 FORBIDDEN_FOR_ROLE; a stranger the 404 of a missing pet; bad input 400 with fields', async () => {
    const { owner, pet } = await ownerWithPet();
    const sitter = await t.user({ language: 'de' });
    const stranger = await t.user();
    await joinHousehold(t, owner, pet.id, sitter, 'sitter');

    const refused = await call(t, sitter, 'POST', `${apiPaths.householdInvite}?pet_id=${pet.id}`, {
      email: uniqueEmail(),
      role: 'sitter',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN_FOR_ROLE', message: 'Forbidden_For_Role_Text' });

    const theirs = await call(t, stranger, 'GET', `${apiPaths.household}?pet_id=${pet.id}`);
    const missing = await call(t, stranger, 'GET', `${apiPaths.household}?pet_id=${crypto.randomUUID()}`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(missing.json());

    const bad = await call(t, owner, 'POST', `${apiPaths.householdInvite}?pet_id=${pet.id}`, {
      email: 'not-an-address',
      role: 'vet',
      until: '01.01.2000',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['email', 'role', 'until']);

    const own = await inviteToHousehold(t, owner, pet.id, uniqueEmail(), 'co-owner');
    const ownPet = await call(t, owner, 'POST', apiPaths.householdAccept, { token: own.token });
    expect(ownPet.statusCode).toBe(409);
    const unknown = await call(t, stranger, 'POST', apiPaths.householdAccept, { token: 'x'.repeat(43) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Household_Invitation_Invalid_Text');
  });

  test('the fourth invitation a day to one address for one pet answers 429 and sends nothing', async () => {
    const { owner, pet } = await ownerWithPet();
    const email = uniqueEmail();
    for (let i = 0; i < 3; i += 1) await inviteToHousehold(t, owner, pet.id, email, 'sitter');
    const mails = t.sink.messages.length;
    const fourth = await call(t, owner, 'POST', `${apiPaths.householdInvite}?pet_id=${pet.id}`, {
      email,
      role: 'sitter',
    });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().code).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(t.sink.messages.length).toBe(mails);
  });

  test('every call is in the OpenAPI document under the household tag', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    const household = Object.entries(document.paths as Record<string, Record<string, { tags?: string[] }>>)
      .filter(([path]) => path.startsWith('/v1/household'))
      .flatMap(([path, operations]) =>
        Object.entries(operations).map(([method, op]) => `${method} ${path} ${op.tags?.join()}`),
      )
      .sort();
    expect(household).toEqual([
      'delete /v1/household household',
      'delete /v1/household/invitation household',
      'get /v1/household household',
      'get /v1/household/history household',
      'post /v1/household/accept household',
      'post /v1/household/invite household',
      'put /v1/household/emergency-contact household',
    ]);
  });
});
