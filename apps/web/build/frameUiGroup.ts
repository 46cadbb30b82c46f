import { readdirSync } from 'node:fs';
import type { Rolldown } from 'vite';
import {
  barrels,
  importClosure,
  libraryModulesNamedByPages,
  libraryModulesNamedIn,
  sourceClosure,
} from './frameLibraries.ts';

// The shared `ui` chunk's members (issue 46): of the component libraries, the parts the signed-in frame (the
// layout, its top bar, side bar, breadcrumbs) names, the parts at least `minPages` pages name, found in the
// sources, with what they import, and all of Mantine's hooks (small). What only a few pages use (a table, an
// accordion, a select, a number field, their icons) goes with those pages; each component's CSS follows it
// (mantineStyles.ts).

const FRAME_PACKAGES = ['@mantine/core', '@mantine/modals', '@mantine/notifications', '@tabler/icons-react'];

/** A codeSplitting group's `name`: 'ui' for a frame part, null (the page's chunk) for the rest. */
export function frameUiGroup({ root, minPages }: { root: string; minPages: number }) {
  const pages = readdirSync(`${root}/src/features`, { recursive: true, encoding: 'utf8' })
    .filter((file) => /[\\/]routes[\\/][^\\/]+\.tsx$/.test(file) && !file.includes('.test.'))
    .map((file) => `${root}/src/features/${file}`);
  const named = [
    ...libraryModulesNamedIn(sourceClosure(`${root}/src/app/layout/AppLayout.tsx`), FRAME_PACKAGES, root),
    ...libraryModulesNamedByPages(pages, FRAME_PACKAGES, root, minPages),
  ];
  const indexes = barrels(FRAME_PACKAGES, root);
  // The closure needs the bundler's module graph: made once per build (per chunking context).
  let frame: { of: Rolldown.ChunkingContext; modules: Set<string> } | undefined;
  return (id: string, ctx: Rolldown.ChunkingContext): string | null => {
    if (frame?.of !== ctx) {
      const imports = (module: string) => ctx.getModuleInfo(module)?.importedIds ?? [];
      frame = { of: ctx, modules: importClosure(named, imports, indexes) };
    }
    return frame.modules.has(id) || /node_modules[\\/]@mantine[\\/]hooks[\\/]/.test(id) ? 'ui' : null;
  };
}
