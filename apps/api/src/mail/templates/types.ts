import type { Language } from '@pet/shared';

export interface AccountMailInput {
  to: string;
  /** The recipient's name as they registered it; untrusted, escaped by the layout. */
  name: string;
  language: Language;
  /** The brand's display name. */
  brand: string;
  url: string;
}
