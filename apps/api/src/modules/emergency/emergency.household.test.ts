import { apiPaths } from '@pet/shared/paths';
import { expect, test } from 'vitest';
import { joinHousehold } from '../../../test/support/household.ts';
import { pdfText } from '../../../test/support/pdf-text.ts';
import { addPet, call } from '../../../test/support/pets.ts';
import { useTestApp } from '../../../test/support/test-app.ts';

// The emergency file in a household (issue 45, point 1): every member reads the shared pet's file (that pet
// alone, the owner's data, by the owner's plan); the tag, which prints the owner's password for all the
// owner's pets, stays the owner's; strangers get the 404 of a missing pet.

const t = useTestApp();

test('a sitter downloads the shared pet’s file, with that pet alone; the owner’s plan decides', async () => {
  const owner = await t.user({ plan: 'premium', name: 'Olga Owner' });
  const luna = await addPet(t, owner, { name: 'Luna' });
  await addPet(t, owner, { name: 'Rex' });
  const sitter = await t.user({ plan: 'free' });
  await joinHousehold(t, owner, luna.id, sitter, 'sitter');

  const file = await call(t, sitter, 'GET', `${apiPaths.emergency}?language=en&pet_id=${luna.id}`);
  expect(file.statusCode).toBe(200);
  expect(file.headers['content-type']).toBe('application/pdf');
  const text = await pdfText(file.rawPayload);
  expect(text).toContain('Luna');
  expect(text).toContain('Olga Owner');
  expect(text).not.toContain('Rex');

  // The owner's whole file still has both.
  const whole = await call(t, owner, 'GET', `${apiPaths.emergency}?language=en`);
  expect(await pdfText(whole.rawPayload)).toContain('Rex');

  const tag = await call(t, sitter, 'GET', `${apiPaths.emergencyTag}?pet_id=${luna.id}&language=en`);
  expect(tag.statusCode).toBe(403);
  expect(tag.json().code).toBe('FORBIDDEN_FOR_ROLE');

  const stranger = await t.user({ plan: 'premium' });
  const theirs = await call(t, stranger, 'GET', `${apiPaths.emergency}?language=en&pet_id=${luna.id}`);
  const missing = await call(
    t,
    stranger,
    'GET',
    `${apiPaths.emergency}?language=en&pet_id=${crypto.randomUUID()}`,
  );
  expect(theirs.statusCode).toBe(404);
  expect(theirs.json()).toEqual(missing.json());
});

test('an owner whose plan has no emergency file: the member is refused as the owner would be', async () => {
  const owner = await t.user({ plan: 'free' });
  const pet = await addPet(t, owner);
  const coOwner = await t.user({ plan: 'premium' });
  await joinHousehold(t, owner, pet.id, coOwner, 'co-owner');
  const refused = await call(t, coOwner, 'GET', `${apiPaths.emergency}?language=de&pet_id=${pet.id}`);
  const owners = await call(t, owner, 'GET', `${apiPaths.emergency}?language=de&pet_id=${pet.id}`);
  expect(refused.statusCode).toBe(403);
  expect(refused.json()).toEqual(owners.json());
});
