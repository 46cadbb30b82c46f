// One language's texts, whole (tests and types; the app loads them in two parts: lib/i18n/bundles.ts).
import type { en } from '../en/index.ts';
import { rest } from './rest.ts';
import { start } from './start.ts';

// Typed as the English set: a key missing in German fails the type check (extra keys fail the locale test).
export const de: typeof en = { ...start, ...rest };
