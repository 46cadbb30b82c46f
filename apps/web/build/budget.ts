// The build's byte budget (issue 16): what the first route downloads, compressed, may not grow past a
// limit, and code that only some pages use (charts, picture crop, date pickers, Markdown, Stripe) may not
// be part of it. Runs after Rollup has laid out the chunks; an exceeded budget fails the build.
import { resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

export interface RouteBudget {
  /** For the message: the page this is about, e.g. /signin. */
  route: string;
  /** Source modules (relative to apps/web) the route loads besides the entry: its layout and page. */
  modules: string[];
  /** Compressed (brotli) bytes of every script the route loads: the entry, its imports and the modules'. */
  maxScriptBytes: number;
  /** Compressed (brotli) bytes of every stylesheet those scripts bring. */
  maxStyleBytes: number;
  /**
   * Files the route downloads before it can draw (scripts and stylesheets; the data it reads comes on top):
   * each is a request, six at a time over HTTP/1.1 (issue 46).
   */
  maxRequests?: number;
  /** Packages the route must not load (matched against module ids). */
  forbidden: RegExp[];
}

export interface RouteWeight {
  route: string;
  files: string[];
  script: { raw: number; gzip: number; brotli: number };
  style: { raw: number; gzip: number; brotli: number };
  forbiddenFound: string[];
}

type Sizes = { raw: number; gzip: number; brotli: number };

function sizesOf(content: string | Uint8Array): Sizes {
  const buffer = typeof content === 'string' ? Buffer.from(content) : Buffer.from(content);
  return {
    raw: buffer.length,
    gzip: gzipSync(buffer, { level: 9 }).length,
    brotli: brotliCompressSync(buffer, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: buffer.length },
    }).length,
  };
}

const add = (a: Sizes, b: Sizes): Sizes => ({
  raw: a.raw + b.raw,
  gzip: a.gzip + b.gzip,
  brotli: a.brotli + b.brotli,
});
const ZERO: Sizes = { raw: 0, gzip: 0, brotli: 0 };

/** The chunks a set of starting chunks loads before it runs: themselves and their static imports, transitively. */
function staticClosure(bundle: OutputBundle, start: OutputChunk[]): OutputChunk[] {
  const seen = new Map<string, OutputChunk>();
  const visit = (chunk: OutputChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.set(chunk.fileName, chunk);
    for (const name of chunk.imports) {
      const next = bundle[name];
      if (next?.type === 'chunk') visit(next);
    }
  };
  for (const chunk of start) visit(chunk);
  return [...seen.values()];
}

/**
 * What a route loads before it runs, as the bundle lays it out: the entry and the chunks holding `modules`,
 * with their static imports (transitively), and the stylesheets those bring. With `withEntry` false, only
 * what the route adds to what the entry loads anyway.
 */
export function routeFiles(
  bundle: OutputBundle,
  route: string,
  modules: readonly string[],
  root: string,
  withEntry = true,
): { chunks: OutputChunk[]; styles: string[] } {
  const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
  const entry = chunks.filter((chunk) => chunk.isEntry);
  const routeChunks = modules.map((module) => {
    const id = resolve(root, module);
    const found = chunks.find((chunk) => chunk.facadeModuleId === id || chunk.moduleIds.includes(id));
    if (!found) throw new Error(`${route}: no chunk holds ${module}`);
    return found;
  });
  const stylesOf = (list: OutputChunk[]) =>
    list.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]);
  const loaded = staticClosure(bundle, [...entry, ...routeChunks]);
  if (withEntry) return { chunks: loaded, styles: [...new Set(stylesOf(loaded))] };
  const entryLoads = staticClosure(bundle, entry);
  const before = new Set(entryLoads.map((chunk) => chunk.fileName));
  const beforeStyles = new Set(stylesOf(entryLoads));
  return {
    chunks: loaded.filter((chunk) => !before.has(chunk.fileName)),
    styles: [...new Set(stylesOf(loaded))].filter((style) => !beforeStyles.has(style)),
  };
}

export function measureRoute(bundle: OutputBundle, budget: RouteBudget, root: string): RouteWeight {
  const { chunks: loaded, styles } = routeFiles(bundle, budget.route, budget.modules, root);
  let script = ZERO;
  for (const chunk of loaded) script = add(script, sizesOf(chunk.code));
  let style = ZERO;
  for (const name of styles) {
    const asset = bundle[name];
    if (asset?.type === 'asset') style = add(style, sizesOf(asset.source));
  }
  const forbiddenFound = loaded.flatMap((chunk) =>
    chunk.moduleIds.filter((id) => budget.forbidden.some((pattern) => pattern.test(id))),
  );
  return {
    route: budget.route,
    files: [...loaded.map((chunk) => chunk.fileName), ...styles],
    script,
    style,
    forbiddenFound: [...new Set(forbiddenFound.map((id) => id.replace(/^.*node_modules\//, '')))],
  };
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

export function budgetProblems(weight: RouteWeight, budget: RouteBudget): string[] {
  const problems: string[] = [];
  if (weight.script.brotli > budget.maxScriptBytes)
    problems.push(`JavaScript ${kib(weight.script.brotli)} (brotli) is over ${kib(budget.maxScriptBytes)}`);
  if (weight.style.brotli > budget.maxStyleBytes)
    problems.push(`CSS ${kib(weight.style.brotli)} (brotli) is over ${kib(budget.maxStyleBytes)}`);
  if (budget.maxRequests !== undefined && weight.files.length > budget.maxRequests)
    problems.push(
      `${weight.files.length} files (scripts and stylesheets) are over ${budget.maxRequests}: ${weight.files.join(' ')}`,
    );
  if (weight.forbiddenFound.length > 0)
    problems.push(`loads code it does not use: ${weight.forbiddenFound.slice(0, 8).join(', ')}`);
  return problems.map((problem) => `${weight.route}: ${problem}`);
}

/** Checks every budget after the chunks are laid out; prints the weights, fails the build when one is over. */
export function budgetPlugin(options: { root: string; budgets: RouteBudget[] }): Plugin {
  return {
    name: 'pet-portal:budget',
    apply: 'build',
    generateBundle(_output, bundle) {
      const problems: string[] = [];
      for (const budget of options.budgets) {
        const weight = measureRoute(bundle, budget, options.root);
        console.log(
          `${budget.route}: JavaScript ${kib(weight.script.brotli)} brotli / ${kib(weight.script.gzip)} gzip ` +
            `(${weight.files.filter((f) => f.endsWith('.js')).length} files), CSS ${kib(weight.style.brotli)} brotli / ${kib(weight.style.gzip)} gzip ` +
            `(${weight.files.filter((f) => f.endsWith('.css')).length} files)`,
        );
        problems.push(...budgetProblems(weight, budget));
      }
      if (problems.length > 0) this.error(`over the byte budget:\n  ${problems.join('\n  ')}`);
    },
  };
}
