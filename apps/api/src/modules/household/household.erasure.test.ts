import { apiPaths } from '@pet/shared/paths';
import { expect, test } from 'vitest';
import { joinHousehold } from '../../../test/support/household.ts';
import { addPet, call } from '../../../test/support/pets.ts';
import { sentTo } from '../../../test/support/smtp-sink.ts';
import { useTestApp } from '../../../test/support/test-app.ts';
import { eraseAccount } from '../account-deletion/erasure.ts';

// The owner's account deleted (issue 45, point 4): the households around the owner's pets end with the pets,
// at once, and each member is told by mail in their language; the members' own accounts stay.

const t = useTestApp({ brand: 'petention' });

test('members lose access at once and each gets a mail; their own pets stay', async () => {
  const owner = await t.user({ plan: 'premium', name: 'Olga Owner' });
  const luna = await addPet(t, owner, { name: 'Luna' });
  const sitter = await t.user({ name: 'Sam Sitter', language: 'de' });
  const coOwner = await t.user({ plan: 'premium', name: 'Cora Co' });
  const own = await addPet(t, coOwner, { name: 'Rex' });
  await joinHousehold(t, owner, luna.id, sitter, 'sitter');
  await joinHousehold(t, owner, luna.id, coOwner, 'co-owner');

  expect(await eraseAccount(t.app.ctx, owner.id)).toBe(true);

  for (const member of [sitter, coOwner]) {
    expect((await call(t, member, 'GET', `${apiPaths.pet}?pet_id=${luna.id}`)).statusCode).toBe(404);
  }
  expect((await call(t, coOwner, 'GET', apiPaths.pet)).json().map((p: { id: string }) => p.id)).toEqual([
    own.id,
  ]);

  const german = await t.sink.waitFor((m) => sentTo(sitter.email)(m) && /aufgelöst/.test(m.subject ?? ''));
  expect(german.subject).toBe('Der Haushalt von Luna bei Petention wurde aufgelöst');
  expect(german.text).toContain('Olga Owner');
  const english = await t.sink.waitFor((m) => sentTo(coOwner.email)(m) && /has ended/.test(m.subject ?? ''));
  expect(english.text).toContain('Your own account and pets are not affected.');
});
