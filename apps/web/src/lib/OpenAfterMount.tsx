import { type ReactNode, useEffect, useState } from 'react';

/**
 * Gives its child `open` as false on the first commit and the real value after it. A dialog that is loaded on
 * demand would otherwise mount already open: Mantine's Modal notes the focused element when it opens, and
 * returns the focus there when it closes, so a dialog that was never closed-then-opened loses the focus to
 * the page's body when it closes (a keyboard user starts over at the top).
 */
export function OpenAfterMount({
  open,
  children,
}: {
  open: boolean;
  children: (open: boolean) => ReactNode;
}) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return children(mounted && open);
}
