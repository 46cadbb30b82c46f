import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { withStableId } from './mantineUseId.ts';

// Mantine's useId keeps React's id instead of setting a random one as it mounts (issue 46).

const shipped = readFileSync(
  new URL('../../../node_modules/@mantine/hooks/esm/use-id/use-id.mjs', import.meta.url),
  'utf8',
);

test('the installed module is rewritten: no state, no effect, React’s id or the given one', async () => {
  const code = withStableId(shipped);
  expect(code).not.toContain('setUuid');
  expect(code).not.toMatch(/useIsomorphicEffect\(/);
  // Evaluated with React's hook stood in for: the id is stable and prefixed, a given id wins.
  const body = code
    .replace(/^import .*$/gm, '')
    .replace(/^export \{ ([\w$]+) as useId \};$/m, 'return $1;')
    .replace(/\/\/# sourceMappingURL.*$/m, '');
  const make = new Function('useId', 'useRef', 'useState', 'useIsomorphicEffect', 'randomId', body);
  const useMantineId = make(() => ':r5:', null, null, null, null) as (id?: string) => string;
  expect(useMantineId()).toBe('mantine-r5');
  expect(useMantineId('given')).toBe('given');
});

test('a module of another shape fails the build instead of being patched blindly', () => {
  expect(() => withStableId(shipped.replace('setUuid(randomId());', 'setUuid(nextId());'))).toThrow(
    'use-id.mjs has changed',
  );
});
