/**
 * Tells zod, before any of its code has loaded, not to compile parsers with `new Function`. The portal's CSP
 * forbids eval, so zod would only probe for it: Chrome reports the refused probe as a CSP violation (its
 * issues panel, Lighthouse's best practices) although zod catches it and parses without. zod keeps its settings
 * in this global so that every copy of it shares them (`z.config()` returns the same object); the chunks that
 * bring zod load after the first page, so `z.config` itself is not at hand here.
 */
export function configureZodForCsp(): void {
  const global = globalThis as { __zod_globalConfig?: Record<string, unknown> };
  global.__zod_globalConfig = Object.assign(global.__zod_globalConfig ?? {}, { jitless: true });
}
