// Runs before every web unit test file (jsdom). jsdom lacks a few browser APIs that Mantine calls on render
// (each stub only where missing), and Testing Library cannot unmount between tests by itself because Vitest
// globals are off.
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetStores } from '../lib/session/store.ts';
import { forgetBrowserTimeZone } from '../lib/timeZone.ts';
import { setSessionHint } from './fetchMock.ts';

// Screens load their dialogs and form checks on demand (React.lazy, import()); the first test of a file to
// open one waits for Vite to transform it, which on a busy machine takes longer than the 1 s default.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  window.sessionStorage.clear();
  setSessionHint(false);
  // Module state outlives a test file where files share their worker's modules (vitest.unit.config.ts):
  // the session stores, and Mantine's notifications (a toast of one file is an extra role="alert" in the next).
  resetStores();
  forgetBrowserTimeZone();
  notifications.clean();
});

if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  });
}

if (!globalThis.ResizeObserver) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// Mantine's ScrollArea and focus handling call these; jsdom does not implement them.
Element.prototype.scrollIntoView ??= () => {};
Element.prototype.scrollTo ??= () => {};
window.scrollTo = () => {};
