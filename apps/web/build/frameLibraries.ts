// The parts of the component libraries (Mantine, Tabler's icons) the signed-in frame uses (issue 46): they
// make the shared `ui` chunk every signed-in page loads; what only some pages use stays with those pages.
// The frame's sources are read at build time, from the layout down its relative imports, for the names they
// take from each library's index (a barrel that re-exports every component: the bundler keeps only the ones
// named, so following the barrel itself would claim the whole library).
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** The app sources `entry` loads statically, itself included: relative imports followed, types skipped. */
export function sourceClosure(entry: string, read: (file: string) => string = readText): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of staticImports(read(file))) {
      if (specifier.startsWith('.') && /\.tsx?$/.test(specifier)) visit(resolve(dirname(file), specifier));
    }
  };
  visit(entry);
  return [...seen];
}

const readText = (file: string) => readFileSync(file, 'utf8');

/** The specifiers of a source's static imports and re-exports (not `import type`, not `import()`). */
export function staticImports(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(
    /^\s*(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm,
  )) {
    if (!match[2]) found.push(match[3] as string);
  }
  return found;
}

/** The names a source imports (as exported, before `as`) from `pkg` itself, type-only ones left out. */
export function namesImportedFrom(source: string, pkg: string): string[] {
  const names: string[] = [];
  const quoted = pkg.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const pattern = new RegExp(String.raw`import\s+(type\s+)?\{([^}]*)\}\s*from\s*['"]${quoted}['"]`, 'g');
  for (const match of source.matchAll(pattern)) {
    if (match[1]) continue;
    for (const part of (match[2] as string).split(',')) {
      const item = part.trim();
      if (!item || item.startsWith('type ')) continue;
      names.push(item.split(/\s+as\s+/)[0] as string);
    }
  }
  return names;
}

/**
 * A barrel's names -> the modules (absolute paths) they come from: `import { A, B as C } from './x.mjs'`
 * (re-exported below, as Mantine's index does) and `export { default as A, B } from './x.mjs'` (Tabler's).
 */
export function barrelMap(barrel: string, source: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const match of source.matchAll(/(?:import|export)\s*\{([^}]*)\}\s*from\s*['"](\.[^'"]+)['"]/g)) {
    const file = resolve(dirname(barrel), match[2] as string);
    for (const part of (match[1] as string).split(',')) {
      const item = part.trim();
      if (!item) continue;
      const [imported, local] = item.split(/\s+as\s+/) as [string, string | undefined];
      map.set(local ?? imported, file);
    }
  }
  return map;
}

/** The ES module entry of an installed package, found from `from` upwards (node_modules), real path. */
export function packageEntry(from: string, pkg: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const manifest = join(dir, 'node_modules', pkg, 'package.json');
    if (existsSync(manifest)) {
      const json = JSON.parse(readFileSync(manifest, 'utf8'));
      const entry = json.exports?.['.']?.import?.default ?? json.exports?.['.']?.import ?? json.module;
      if (typeof entry !== 'string') throw new Error(`${pkg}: no ES module entry`);
      return realpathSync(join(dirname(manifest), entry));
    }
    if (dirname(dir) === dir) throw new Error(`${pkg} is not installed above ${from}`);
  }
}

/**
 * The library modules (absolute paths) the sources name from the packages' indexes: the components, hooks and
 * icons themselves; what those import in turn the bundler's module graph tells (vite.config.ts).
 */
export function libraryModulesNamedIn(files: string[], packages: string[], from: string): string[] {
  const sources = files.map((file) => readText(file));
  const modules = new Set<string>();
  for (const pkg of packages) {
    const barrel = packageEntry(from, pkg);
    const exports = barrelMap(barrel, readText(barrel));
    for (const source of sources) {
      for (const name of namesImportedFrom(source, pkg)) {
        const module = exports.get(name);
        if (!module) throw new Error(`${pkg} has no export ${name} in its index`);
        modules.add(module);
      }
    }
  }
  return [...modules].sort();
}

/** The index modules of the packages (real paths): following one would claim every component. */
export function barrels(packages: string[], from: string): Set<string> {
  return new Set(packages.map((pkg) => packageEntry(from, pkg)));
}

/**
 * `start` and what it imports statically, transitively, through the bundler's module graph (`imports` of a
 * module id), not through the barrels.
 */
export function importClosure(
  start: Iterable<string>,
  imports: (id: string) => readonly string[],
  stopAt: Set<string>,
): Set<string> {
  const seen = new Set<string>();
  const stack = [...start];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (seen.has(id) || stopAt.has(id)) continue;
    seen.add(id);
    stack.push(...imports(id));
  }
  return seen;
}

/**
 * The library modules named by at least `minPages` of the pages (each page with the sources it loads
 * statically): the parts most pages use, worth one shared file instead of a small one per group of pages.
 */
export function libraryModulesNamedByPages(
  pages: string[],
  packages: string[],
  from: string,
  minPages: number,
): string[] {
  const count = new Map<string, number>();
  for (const page of pages) {
    for (const module of libraryModulesNamedIn(sourceClosure(page), packages, from)) {
      count.set(module, (count.get(module) ?? 0) + 1);
    }
  }
  return [...count]
    .filter(([, pages]) => pages >= minPages)
    .map(([module]) => module)
    .sort();
}
