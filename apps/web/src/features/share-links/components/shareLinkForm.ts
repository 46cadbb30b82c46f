import { type CreateShareLinkInput, type createShareLinkSchema, SHARE_LINK_DAYS } from '@pet/shared';
import type { z } from 'zod';

// The "create a link" form: how long the link works and whether it shows the documents.

export type ShareLinkFormValues = CreateShareLinkInput;
/** What the form sends (the schema's output). */
export type ShareLinkRequest = z.output<typeof createShareLinkSchema>;

export const shareLinkDefaults: ShareLinkRequest = {
  days: SHARE_LINK_DAYS.default,
  include_documents: false,
};

/** Every whole number of days a link may work, shortest first. */
export const DAY_CHOICES = Array.from(
  { length: SHARE_LINK_DAYS.max - SHARE_LINK_DAYS.min + 1 },
  (_, index) => SHARE_LINK_DAYS.min + index,
);
