import type { ShareLink } from '@pet/shared';

export type ShareLinkState = 'active' | 'expired' | 'revoked';

/** An inactive link whose end lies ahead was revoked; otherwise it ran out. */
export function shareLinkState(
  link: Pick<ShareLink, 'active' | 'expires_at'>,
  now = Date.now(),
): ShareLinkState {
  if (link.active) return 'active';
  return Date.parse(link.expires_at) > now ? 'revoked' : 'expired';
}
