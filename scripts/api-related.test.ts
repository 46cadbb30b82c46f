import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { apiTestsFor, isApiTest, relativeImports } from './api-related.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

describe('apiTestsFor (npm run test:changed)', () => {
  test('a service file: the tests of its folder and those importing it, not every file that builds the app', async () => {
    const tests = await apiTestsFor(ROOT, ['apps/api/src/modules/pets/pets.service.ts']);
    expect(tests).toContain('apps/api/src/modules/pets/pets.test.ts');
    expect(tests.every(isApiTest)).toBe(true);
    expect(tests).not.toContain('apps/api/src/modules/contacts/contacts.test.ts');
  });

  test('a test file is itself; a unit test, a web file and a doc are no API test', async () => {
    expect(
      await apiTestsFor(ROOT, [
        'apps/api/src/modules/contacts/contacts.test.ts',
        'apps/api/src/modules/pets/pet-list-cache.unit.test.ts',
        'apps/web/src/features/pets/components/AddPetForm.tsx',
        'README.md',
      ]),
    ).toEqual(['apps/api/src/modules/contacts/contacts.test.ts']);
  });

  test('a test helper: the test files that import it', async () => {
    const tests = await apiTestsFor(ROOT, ['apps/api/test/support/contacts.ts']);
    expect(tests.length).toBeGreaterThan(0);
    expect(tests).toContain('apps/api/src/modules/contacts/contacts.test.ts');
  });

  test('a shared schema: the tests of the API module of its name', async () => {
    const tests = await apiTestsFor(ROOT, ['packages/shared/src/schemas/contacts.ts']);
    expect(tests).toContain('apps/api/src/modules/contacts/contacts.test.ts');
    expect(tests.every((file) => file.startsWith('apps/api/src/modules/contacts/'))).toBe(true);
  });
});

test('relativeImports resolves relative specifiers from the importing file', () => {
  const source = `import { a } from './a.ts';\nimport type { B } from '../../src/b.ts';\nimport x from 'vitest';\nawait import('./c.ts');`;
  expect(relativeImports('apps/api/test/support/x.ts', source)).toEqual([
    'apps/api/test/support/a.ts',
    'apps/api/src/b.ts',
    'apps/api/test/support/c.ts',
  ]);
});
