// Mantine's stylesheet per component (issue 46): instead of all of `@mantine/core/styles.css` (about 29 KiB
// brotli) on every page, each component's class-name module (`esm/components/<Name>/<Name>.module.mjs`, and
// InlineInput's under `esm/utils/`), which every part of the component imports, gets an import of that
// component's own stylesheet, so the CSS goes into whichever chunk holds the component and a page loads the
// styles of the components it uses. boot.tsx imports only the global parts (baseline, the default CSS
// variables, global classes).
// The `.layer.css` variants: every Mantine rule sits in `@layer mantine`, so the order the page's stylesheets
// arrive in (a chunk's CSS after the app's own) cannot let a Mantine rule win over the app's (unlayered) one.
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Plugin } from 'vite';

/** A @mantine/core class-name module: the package's folder and the component's name. */
export const MANTINE_CLASS_MODULE =
  /^(.*[\\/]node_modules[\\/]@mantine[\\/]core)[\\/]esm[\\/](?:components|utils)[\\/](?:[^?]*[\\/])?([A-Z][A-Za-z]*)\.module\.mjs(?:\?.*)?$/;

/**
 * The stylesheet a @mantine/core module id brings (absolute path), or null: not a class-name module, or no
 * stylesheet of that name ships (`exists` tells).
 */
export function mantineStylesheetFor(
  id: string,
  exists: (path: string) => boolean = existsSync,
): string | null {
  const match = MANTINE_CLASS_MODULE.exec(id);
  if (!match) return null;
  const [, packageDir, name] = match as unknown as [string, string, string];
  const stylesheet = join(packageDir, 'styles', `${name}.layer.css`);
  return exists(stylesheet) ? stylesheet : null;
}

/**
 * The module's code with the stylesheet's import appended (imports run in the order they are written
 * wherever they stand, so the class names' module keeps its "use client" first and its line numbers).
 */
export function withStylesheet(code: string, stylesheet: string): string {
  return `${code}\nimport ${JSON.stringify(stylesheet.replaceAll('\\', '/'))};\n`;
}

/**
 * `global`: components whose stylesheet boot.tsx imports instead (the sign-up pages' few parts, chunk
 * `ui-start`, which every signed-in page loads as well: one stylesheet fewer to ask for).
 */
export function mantineStylesPlugin(options: { global?: readonly string[] } = {}): Plugin {
  const global = new Set(options.global);
  return {
    name: 'pet-portal:mantine-styles',
    enforce: 'pre',
    transform: {
      filter: { id: /[\\/]@mantine[\\/]core[\\/]esm[\\/].*\.module\.mjs/ },
      handler(code, id) {
        const stylesheet = mantineStylesheetFor(id);
        if (!stylesheet || global.has(basename(stylesheet, '.layer.css'))) return null;
        return { code: withStylesheet(code, stylesheet), map: null };
      },
    },
  };
}
