import { expect, test } from 'vitest';
import {
  barrelMap,
  importClosure,
  namesImportedFrom,
  sourceClosure,
  staticImports,
} from './frameLibraries.ts';

test('the names a source takes from a package, without types and renames', () => {
  const source = [
    "import { AppShell, Container, type MantineSize, Breadcrumbs as MantineBreadcrumbs } from '@mantine/core';",
    "import type { MantineTheme } from '@mantine/core';",
    "import { IconHome2 } from '@tabler/icons-react';",
    "import { useDisclosure } from '@mantine/hooks';",
  ].join('\n');
  expect(namesImportedFrom(source, '@mantine/core')).toEqual(['AppShell', 'Container', 'Breadcrumbs']);
  expect(namesImportedFrom(source, '@tabler/icons-react')).toEqual(['IconHome2']);
});

test('static imports, not type-only ones nor import()', () => {
  const source = [
    "import { a } from './a.tsx';",
    "import type { B } from './b.ts';",
    "import './c.css';",
    "export { d } from './d.ts';",
    "const e = lazy(() => import('./e.tsx'));",
  ].join('\n');
  expect(staticImports(source)).toEqual(['./a.tsx', './c.css', './d.ts']);
});

test('the app sources a module loads, following relative imports', () => {
  const files: Record<string, string> = {
    '/src/A.tsx': "import { B } from './B.tsx';\nimport { x } from '@mantine/core';",
    '/src/B.tsx': "import { C } from './lib/C.ts';\nimport type { D } from './D.ts';",
    '/src/lib/C.ts': "import { B } from '../B.tsx';",
  };
  expect(sourceClosure('/src/A.tsx', (file) => files[file] as string).sort()).toEqual([
    '/src/A.tsx',
    '/src/B.tsx',
    '/src/lib/C.ts',
  ]);
});

test("a barrel's names map to their modules (Mantine's and Tabler's forms)", () => {
  const source = [
    'import { Button } from "./components/Button/Button.mjs";',
    'import { UnstyledButton as U } from "./components/UnstyledButton/UnstyledButton.mjs";',
    "export { default as IconMail } from './icons/IconMail.mjs';",
  ].join('\n');
  const map = barrelMap('/pkg/esm/index.mjs', source);
  expect(map.get('Button')).toBe('/pkg/esm/components/Button/Button.mjs');
  expect(map.get('U')).toBe('/pkg/esm/components/UnstyledButton/UnstyledButton.mjs');
  expect(map.get('IconMail')).toBe('/pkg/esm/icons/IconMail.mjs');
});

test('the import closure stops at barrels', () => {
  const graph: Record<string, string[]> = { a: ['b', 'barrel'], b: ['c'], c: [], barrel: ['x', 'y'] };
  expect([...importClosure(['a'], (id) => graph[id] ?? [], new Set(['barrel']))].sort()).toEqual([
    'a',
    'b',
    'c',
  ]);
});
