import { apiPaths } from '@pet/shared/paths';
import { expect, test } from 'vitest';
import { joinHousehold } from '../../../test/support/household.ts';
import { addPet, call } from '../../../test/support/pets.ts';
import { addShareLink } from '../../../test/support/share-links.ts';
import { useTestApp } from '../../../test/support/test-app.ts';

// Share links in a household (issue 45): a link opens the pet to someone outside the household, so making,
// listing and revoking links is the owner's alone (co-owners and sitters 403, strangers the 404 of a missing
// pet); making and revoking one is in the pet's history.

const t = useTestApp();

test('only the owner makes, lists and revokes links; both are in the history', async () => {
  const owner = await t.user({ plan: 'premium', name: 'Olga Owner' });
  const pet = await addPet(t, owner);
  const coOwner = await t.user();
  await joinHousehold(t, owner, pet.id, coOwner, 'co-owner');
  const link = await addShareLink(t, owner, pet.id);

  for (const [method, url, body] of [
    ['POST', `${apiPaths.shareLink}?pet_id=${pet.id}`, { days: 3 }],
    ['GET', `${apiPaths.petShareLinks}?pet_id=${pet.id}`, undefined],
    ['DELETE', `${apiPaths.shareLink}?id=${link.id}`, undefined],
  ] as const) {
    const refused = await call(t, coOwner, method, url, body);
    expect(refused.statusCode, `${method} ${url}`).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN_FOR_ROLE');
  }
  const stranger = await t.user();
  const theirs = await call(t, stranger, 'DELETE', `${apiPaths.shareLink}?id=${link.id}`);
  const missing = await call(t, stranger, 'DELETE', `${apiPaths.shareLink}?id=${crypto.randomUUID()}`);
  expect(theirs.statusCode).toBe(404);
  expect(theirs.json()).toEqual(missing.json());

  expect((await call(t, owner, 'DELETE', `${apiPaths.shareLink}?id=${link.id}`)).statusCode).toBe(204);
  const history = (await call(t, owner, 'GET', `${apiPaths.householdHistory}?pet_id=${pet.id}`)).json();
  const links = history.data.filter((entry: { entity: string }) => entry.entity === 'share_link');
  expect(
    links.map((entry: { action: string; actor_name: string }) => `${entry.actor_name} ${entry.action}`),
  ).toEqual(['Olga Owner deleted', 'Olga Owner created']);
});
