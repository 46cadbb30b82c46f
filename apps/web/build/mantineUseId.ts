// Mantine's `useId` without its update after mounting (issue 46). Mantine gives each component React's id
// and then, in a layout effect, a random one: a state update while React commits, which React runs at
// once. In a page's first commit that made React run every effect of the page and render again inside the
// first render's task (AppShell with its header and navbar, menus, tooltips, alerts, accordions, inputs:
// 80-120 ms of a phone's main thread at 4x CPU). React's own id is unique in the one root the app has and
// stable, so the random one adds nothing. The transform checks the module's shape: a Mantine release that
// changes it fails the build instead of being patched blindly.
import type { Plugin } from 'vite';

export const USE_ID_MODULE = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;

/** The function Mantine ships, recognised by the parts the replacement drops. */
const SHIPPED = /function ([\w$]+)\(staticId\) \{[\s\S]*?setUuid\(randomId\(\)\);[\s\S]*?return uuid;\n\}/;

/** Mantine's use-id module with React's id kept: no state, no effect. */
export function withStableId(code: string): string {
  const match = SHIPPED.exec(code);
  if (!match) throw new Error('@mantine/hooks use-id.mjs has changed: check build/mantineUseId.ts');
  const replacement = [
    `function ${match[1]}(staticId) {`,
    '\tconst reactId = useId();',
    '\tif (typeof staticId === "string") return staticId;',
    '\treturn "mantine-" + reactId.replace(/:/g, "");',
    '}',
  ].join('\n');
  // A function, so that a `$` in the name is not read as a pattern.
  return code.replace(SHIPPED, () => replacement);
}

export function mantineUseIdPlugin(): Plugin {
  return {
    name: 'pet-portal:mantine-use-id',
    enforce: 'pre',
    transform: {
      filter: { id: USE_ID_MODULE },
      handler(code) {
        return { code: withStableId(code), map: null };
      },
    },
  };
}
