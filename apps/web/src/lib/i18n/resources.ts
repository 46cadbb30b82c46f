import { de } from '../../locales/de/index.ts';
import { en } from '../../locales/en/index.ts';

// Both languages at once, for the tests and the types. The app itself never imports this file: it loads the
// language it shows on demand (bundles.ts).

export { de, en };
export const NAMESPACES = Object.keys(en) as Array<keyof typeof en>;
export const resources = { en, de };
