// The chunks each known route adds to what the entry loads (routes.ts), written as preloads.json beside
// index.html (issue 46): the server names them in that route's HTML (<link rel="modulepreload">, and a
// preload of its stylesheets), so the browser asks for the page's code while it reads the HTML instead of
// after the entry has run and matched the route (about half a second later on a phone). Likewise the texts'
// chunks per language and part, which the entry asks for before the first render (boot.tsx).
import { LANGUAGES, type Language } from '@pet/shared/constants';
import type { Plugin } from 'vite';
import type { TextPart } from '../src/lib/i18n/bundles.ts';
import { routeFiles } from './budget.ts';
import { ROUTE_MODULES } from './routes.ts';

export const PRELOADS_FILE = 'preloads.json';

type Files = { scripts: string[]; styles: string[] };

/**
 * `routes`: the route (`/pet-details/:name/:id`) -> the files it adds, as absolute paths of the site;
 * `texts`: the language -> the part of the texts (start: every page; rest: the pages beyond sign-in) -> its
 * scripts.
 */
export interface Preloads {
  routes: Record<string, Files>;
  texts: Record<Language, Record<TextPart, string[]>>;
}

export function preloadsPlugin(options: { root: string }): Plugin {
  return {
    name: 'pet-portal:preloads',
    apply: 'build',
    generateBundle(_output, bundle) {
      const filesOf = (name: string, modules: readonly string[]): Files => {
        const { chunks, styles } = routeFiles(bundle, name, modules, options.root, false);
        return {
          scripts: chunks.map((chunk) => `/${chunk.fileName}`),
          styles: styles.map((style) => `/${style}`),
        };
      };
      const routes = Object.fromEntries(
        Object.entries(ROUTE_MODULES).map(([route, modules]) => [route, filesOf(route, modules)]),
      );
      const textsOf = (language: Language) => {
        const part = (name: TextPart) =>
          filesOf(`${language} texts`, [`src/locales/${language}/${name}.ts`]).scripts;
        return { start: part('start'), rest: part('rest') };
      };
      const texts = Object.fromEntries(
        LANGUAGES.map((language) => [language, textsOf(language)]),
      ) as Preloads['texts'];
      const preloads: Preloads = { routes, texts };
      this.emitFile({
        type: 'asset',
        fileName: PRELOADS_FILE,
        source: `${JSON.stringify(preloads, null, 2)}\n`,
      });
    },
  };
}
