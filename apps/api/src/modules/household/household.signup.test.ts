import { apiPaths } from '@pet/shared/paths';
import { describe, expect, test } from 'vitest';
import { as, follow, mailLink, nextIp, signIn, uniqueEmail } from '../../../test/support/accounts.ts';
import { inviteToHousehold, joinHousehold } from '../../../test/support/household.ts';
import { addPet, call } from '../../../test/support/pets.ts';
import { useTestApp } from '../../../test/support/test-app.ts';

// Registering from an invitation (issue 45, point 1): the mail promises that no activation code is needed to
// join a household, also on the brand that asks every other newcomer for a code and a tracker; the
// verification link leads back to the invitation; a member is not held on the activation page.

function signUpInvited(t: ReturnType<typeof useTestApp>, email: string, token: string) {
  return t.app.inject({
    method: 'POST',
    url: apiPaths.signUp,
    remoteAddress: nextIp(),
    payload: { name: 'Sam Sitter', email, password: 'secret-pass-1', language: 'en', household_token: token },
  });
}

describe('tier-fritz (a code and a tracker for everyone else)', () => {
  const t = useTestApp({ brand: 'tier-fritz' });

  test('the invited person registers without either, verifies, comes back to the invitation and joins', async () => {
    const owner = await t.user({ plan: 'basis-12' });
    const pet = await addPet(t, owner, { name: 'Luna' });
    const email = uniqueEmail();
    const { token } = await inviteToHousehold(t, owner, pet.id, email, 'sitter');

    const plain = await t.app.inject({
      method: 'POST',
      url: apiPaths.signUp,
      remoteAddress: nextIp(),
      payload: { name: 'Nobody', email: uniqueEmail(), password: 'secret-pass-1', language: 'en' },
    });
    expect(plain.statusCode).toBe(400);

    const created = await signUpInvited(t, email, token);
    expect(created.statusCode, created.body).toBe(201);
    const verified = await follow(t.app, await mailLink(t.sink, email, '/api/auth/verify-email'));
    expect(verified.statusCode).toBe(302);
    const landing = new URL(verified.headers.location!, 'http://localhost');
    expect(landing.pathname).toBe('/signin');
    expect(landing.searchParams.get('continueUrl')).toBe(`/household/accept?token=${token}`);

    const sitter = await signIn(t.app, email, 'secret-pass-1');
    const joined = await call(t, sitter, 'POST', apiPaths.householdAccept, { token });
    expect(joined.json()).toMatchObject({ pet_id: pet.id, role: 'sitter' });
  });

  test('a used, revoked or made-up token registers nobody: 400 on the field, no account', async () => {
    const email = uniqueEmail();
    const refused = await signUpInvited(t, email, 'x'.repeat(43));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ household_token: 'Household_Invitation_Invalid_Text' });
    const again = await signUpInvited(t, email, 'x'.repeat(43));
    expect(again.json().code).not.toBe('USER_ALREADY_EXISTS');
  });
});

describe('hunde-schutz (holds users without a product on activation)', () => {
  const t = useTestApp({ brand: 'hunde-schutz' });

  test('a member of a household is not held', async () => {
    const owner = await t.user({ plan: 'premium' });
    const pet = await addPet(t, owner);
    const member = await t.user();
    const verify = () =>
      t.app.inject({ method: 'POST', url: apiPaths.verifyEmail, headers: as(member, 'bearer') });
    expect((await verify()).json().message).toContain('default');
    await joinHousehold(t, owner, pet.id, member, 'sitter');
    expect((await verify()).json().message).toBe('verified');
  });
});
