import type { PublicConfig } from '@pet/shared';

// The server's public configuration as it inlines it into every page's HTML (apps/api/src/plugins/
// web-index.ts), the same as GET /v1/config: read here, no first load asks for it (issue 46). Undefined
// where the page has none (the Vite dev server's page, tests): then the request is made as before.

const ELEMENT_ID = 'public-config';

export function inlinePublicConfig(): PublicConfig | undefined {
  if (typeof document === 'undefined') return undefined;
  const text = document.getElementById(ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    // Our own server wrote it; a page without the expected shape asks the server instead.
    return value !== null && typeof value === 'object' && 'brand' in value && 'payments' in value
      ? (value as PublicConfig)
      : undefined;
  } catch {
    return undefined;
  }
}
