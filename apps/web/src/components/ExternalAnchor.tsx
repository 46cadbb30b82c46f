import { Anchor, type AnchorProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** A link that leaves the app (FAQ, shop, legal PDFs): new tab, no opener. */
export function ExternalAnchor({
  href,
  children,
  ...props
}: AnchorProps & { href: string; children: ReactNode }) {
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" {...props}>
      {children}
    </Anchor>
  );
}
