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

// Of the shared parts, the inputs only forms use: their own shared chunk, `ui-forms`, which the pages that
// only show data (the dashboard, a pet's page, its lists, the subscription page) do not load; a form page
// loads one file more. With what they alone import (the dropdowns' scroll area, the number formatting).
export const FORM_PARTS =
  /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](Combobox|Select|Autocomplete|MultiSelect|TagsInput|NumberInput|Textarea|Switch|SegmentedControl|FileInput|PinInput|Slider|Rating|Chip)[\\/]/;

/**
 * A codeSplitting group's `name`: 'ui' for a frame part, 'ui-forms' for a shared input (FORM_PARTS), null
 * (the page's chunk) for the rest.
 */
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
  let frame: { of: Rolldown.ChunkingContext; modules: Set<string>; forms: Set<string> } | undefined;
  return (id: string, ctx: Rolldown.ChunkingContext): string | null => {
    if (frame?.of !== ctx) {
      const imports = (module: string) => ctx.getModuleInfo(module)?.importedIds ?? [];
      const modules = importClosure(
        named.filter((module) => !FORM_PARTS.test(module)),
        imports,
        indexes,
      );
      const inputs = importClosure(
        named.filter((module) => FORM_PARTS.test(module)),
        imports,
        indexes,
      );
      frame = { of: ctx, modules, forms: new Set([...inputs].filter((module) => !modules.has(module))) };
    }
    if (frame.modules.has(id) || /node_modules[\\/]@mantine[\\/]hooks[\\/]/.test(id)) return 'ui';
    return frame.forms.has(id) ? 'ui-forms' : null;
  };
}
