// Runs before every web unit test file (jsdom). jsdom lacks a few browser APIs that Mantine calls on render,
// and Testing Library cannot unmount between tests by itself because Vitest globals are off.
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
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
