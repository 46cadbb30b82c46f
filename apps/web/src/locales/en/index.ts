// One language's texts, whole (tests and types; the app loads them in two parts: lib/i18n/bundles.ts).
import { rest } from './rest.ts';
import { start } from './start.ts';

export const en = { ...start, ...rest };
