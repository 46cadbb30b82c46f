import { Children, isValidElement, type ReactNode } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';

// The chunks of the page being opened (its layout and the page), asked for at once: without this, the
// router asks for the layout when it renders, and for the page only when the layout has arrived.

type Preloadable = { preload?: () => unknown };

function preloadElement(node: ReactNode, loading: unknown[]): void {
  if (!isValidElement(node)) return;
  if (typeof node.type !== 'string') loading.push((node.type as Preloadable).preload?.());
  Children.forEach((node.props as { children?: ReactNode }).children, (child) =>
    preloadElement(child, loading),
  );
}

/** Settles when every chunk asked for has arrived or failed (a failed one is asked for again on render). */
export function preloadRoute(routes: RouteObject[], pathname: string): Promise<void> {
  const loading: unknown[] = [];
  for (const match of matchRoutes(routes, pathname) ?? []) {
    preloadElement((match.route.element as ReactNode) ?? null, loading);
  }
  return Promise.allSettled(loading).then(() => undefined);
}
