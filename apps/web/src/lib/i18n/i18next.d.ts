import 'i18next';
import type { en } from './resources.ts';

// Keys are checked against the English files; the locale test keeps German in step.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: typeof en;
  }
}
