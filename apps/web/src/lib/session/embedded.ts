// App-embedded mode (spec 1 section 4): the mobile apps open pages with ?tokenA= (Android) or ?tokenI= (iOS).
// The token is kept for the tab's lifetime; while it is there the header is hidden, and a different token in
// a later URL means another app user: sign out and start again.

export type HeaderMode = 'normal' | 'HideheaderA' | 'HideheaderI';

const KEY = 'pet.embedded';

interface EmbeddedToken {
  param: 'tokenA' | 'tokenI';
  token: string;
}

export function embeddedTokenIn(search: string): EmbeddedToken | null {
  const params = new URLSearchParams(search);
  const tokenA = params.get('tokenA');
  if (tokenA) return { param: 'tokenA', token: tokenA };
  const tokenI = params.get('tokenI');
  if (tokenI) return { param: 'tokenI', token: tokenI };
  return null;
}

/** The token carried by a continueUrl (`/my-account/bills?tokenA=...`). */
export function embeddedTokenInUrl(url: string | null): EmbeddedToken | null {
  if (!url) return null;
  const q = url.indexOf('?');
  return q === -1 ? null : embeddedTokenIn(url.slice(q));
}

export function storedEmbeddedToken(): EmbeddedToken | null {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<EmbeddedToken>;
    if ((parsed.param === 'tokenA' || parsed.param === 'tokenI') && typeof parsed.token === 'string') {
      return { param: parsed.param, token: parsed.token };
    }
  } catch {
    // Unreadable storage counts as no token.
  }
  return null;
}

export function storeEmbeddedToken(value: EmbeddedToken): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(value));
  } catch {
    // Without storage the mode lasts until the next full page load.
  }
}

export function clearEmbeddedToken(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Nothing stored.
  }
}

export function headerMode(): HeaderMode {
  const stored = storedEmbeddedToken();
  if (!stored) return 'normal';
  return stored.param === 'tokenA' ? 'HideheaderA' : 'HideheaderI';
}
