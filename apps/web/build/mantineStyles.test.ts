import { expect, test } from 'vitest';
import { mantineStylesheetFor, withStylesheet } from './mantineStyles.ts';

const core = '/repo/node_modules/@mantine/core';

test("a component's class-name module brings the component's layered stylesheet", () => {
  const exists = (path: string) => path === `${core}/styles/Button.layer.css`;
  expect(mantineStylesheetFor(`${core}/esm/components/Button/Button.module.mjs`, exists)).toBe(
    `${core}/styles/Button.layer.css`,
  );
  // Sub-components import their parent's module: the stylesheet is the module's name, not the folder's.
  expect(mantineStylesheetFor(`${core}/esm/components/Button/ButtonGroup/Button.module.mjs`, exists)).toBe(
    `${core}/styles/Button.layer.css`,
  );
});

test('other modules, and names without a stylesheet, bring none', () => {
  const exists = () => true;
  expect(mantineStylesheetFor(`${core}/esm/components/Button/Button.mjs`, exists)).toBeNull();
  expect(
    mantineStylesheetFor('/repo/node_modules/@mantine/dates/esm/components/Day/Day.module.mjs', exists),
  ).toBeNull();
  expect(mantineStylesheetFor('/repo/src/app/focus.module.css', exists)).toBeNull();
  expect(mantineStylesheetFor(`${core}/esm/components/Nothing/Nothing.module.mjs`, () => false)).toBeNull();
});

test('the import is appended: the "use client" directive stays first', () => {
  const code = '"use client";\nvar x = { root: "m_1" };\nexport { x as default };\n';
  const result = withStylesheet(code, `${core}/styles/Button.layer.css`);
  expect(result.startsWith(code)).toBe(true);
  expect(result).toContain(`import "${core}/styles/Button.layer.css";`);
});

test('every class-name module of the installed Mantine has its stylesheet', async () => {
  const { readdirSync } = await import('node:fs');
  const { fileURLToPath } = await import('node:url');
  const dir = fileURLToPath(new URL('../../../node_modules/@mantine/core/esm', import.meta.url));
  const modules = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) =>
    f.endsWith('.module.mjs'),
  );
  expect(modules.length).toBeGreaterThan(50);
  // InlineInput's (checkbox, radio, switch labels) lives under utils/.
  expect(modules).toContain('utils/InlineInput/InlineInput.module.mjs');
  const missing = modules.filter((file) => mantineStylesheetFor(`${dir}/${file}`) === null);
  expect(missing).toEqual([]);
});
