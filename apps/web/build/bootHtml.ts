// The app's start (src/boot.tsx) is an entry of its own, imported by the page's first script once the splash
// is painted (src/main.tsx, issue 46). Vite names in index.html only what the first script loads; this names
// the start's chunks and stylesheets too, as Vite names an entry's own (modulepreload and stylesheet links,
// each after what it imports), so the browser fetches them while it reads the HTML, not after a frame.
import { resolve } from 'node:path';
import type { HtmlTagDescriptor, Plugin, Rollup } from 'vite';

type OutputChunk = Rollup.OutputChunk;

/** The page's first script's own modules: index.html's entry and main.tsx, which must import nothing else. */
export const FIRST_SCRIPT = /[\\/](index\.html|src[\\/]main\.tsx)$/;

/** The chunk holding `id` and what it imports, each after its imports (the order a page evaluates them in). */
export function chunksInLoadOrder(bundle: Rollup.OutputBundle, start: OutputChunk): OutputChunk[] {
  const ordered: OutputChunk[] = [];
  const seen = new Set<string>();
  const visit = (chunk: OutputChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    for (const name of chunk.imports) {
      const next = bundle[name];
      if (next?.type === 'chunk') visit(next);
    }
    ordered.push(chunk);
  };
  visit(start);
  return ordered;
}

/** The tags naming `module`'s entry chunk and its static imports, without those `html` names already. */
export function entryTags(bundle: Rollup.OutputBundle, html: string, moduleId: string): HtmlTagDescriptor[] {
  const start = Object.values(bundle).find(
    (item): item is OutputChunk => item.type === 'chunk' && item.facadeModuleId === moduleId,
  );
  if (!start) throw new Error(`no chunk starts at ${moduleId}`);
  const named = (file: string) => html.includes(`"/${file}"`);
  const chunks = chunksInLoadOrder(bundle, start);
  const scripts = chunks.map((chunk) => chunk.fileName).filter((file) => !named(file));
  const styles = [...new Set(chunks.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]))].filter(
    (file) => !named(file),
  );
  return [
    ...scripts.map((file) => ({ rel: 'modulepreload', file })),
    ...styles.map((file) => ({ rel: 'stylesheet', file })),
  ].map(({ rel, file }) => ({
    tag: 'link',
    // main.tsx runs the marked chunks one by one, in this order (each after its imports).
    attrs: {
      rel,
      crossorigin: true,
      href: `/${file}`,
      // The first paint (the splash: the stylesheet and the logo) needs no script: those go first. (At the
      // default high priority Lighthouse counts every script that arrived before the paint as blocking it,
      // and its first contentful paint came out at 2-3 s instead of 1 s.)
      ...(rel === 'modulepreload' ? { fetchpriority: 'low', 'data-app-start': true } : {}),
    },
    injectTo: 'head',
  }));
}

export function bootHtmlPlugin(options: { root: string; module: string }): Plugin {
  const moduleId = resolve(options.root, options.module);
  return {
    name: 'pet-portal:boot-html',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.bundle) return html;
        // What the first script imports runs before it: the first paint would wait for it again.
        const first = context.chunk;
        const imported = [
          ...(first?.imports ?? []),
          ...(first?.moduleIds.filter((id) => !FIRST_SCRIPT.test(id)) ?? []),
        ];
        if (imported.length > 0)
          throw new Error(`the page's first script must import nothing, but loads ${imported.join(', ')}`);
        return { html, tags: entryTags(context.bundle, html, moduleId) };
      },
    },
  };
}
