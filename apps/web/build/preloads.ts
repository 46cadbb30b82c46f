// The chunks each known route adds to what the entry loads (routes.ts), written as preloads.json beside
// index.html (issue 46): the server names them in that route's HTML (<link rel="modulepreload">, and a
// preload of its stylesheets), so the browser asks for the page's code while it reads the HTML instead of
// after the entry has run and matched the route (about half a second later on a phone).
import type { Plugin } from 'vite';
import { routeFiles } from './budget.ts';
import { ROUTE_MODULES } from './routes.ts';

export const PRELOADS_FILE = 'preloads.json';

/** The route (`/pet-details/:name/:id`) -> the files it adds, as absolute paths of the site. */
export type Preloads = Record<string, { scripts: string[]; styles: string[] }>;

export function preloadsPlugin(options: { root: string }): Plugin {
  return {
    name: 'pet-portal:preloads',
    apply: 'build',
    generateBundle(_output, bundle) {
      const preloads: Preloads = {};
      for (const [route, modules] of Object.entries(ROUTE_MODULES)) {
        const { chunks, styles } = routeFiles(bundle, route, modules, options.root, false);
        preloads[route] = {
          scripts: chunks.map((chunk) => `/${chunk.fileName}`),
          styles: styles.map((style) => `/${style}`),
        };
      }
      this.emitFile({
        type: 'asset',
        fileName: PRELOADS_FILE,
        source: `${JSON.stringify(preloads, null, 2)}\n`,
      });
    },
  };
}
