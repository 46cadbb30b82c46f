import { Children, isValidElement, type ReactNode } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';

// The chunks of the page being opened (its layout and the page), asked for at once: without this, the
// router asks for the layout when it renders, and for the page only when the layout has arrived.

type Preloadable = { preload?: () => unknown };

function preloadElement(node: ReactNode): void {
  if (!isValidElement(node)) return;
  if (typeof node.type !== 'string') (node.type as Preloadable).preload?.();
  Children.forEach((node.props as { children?: ReactNode }).children, preloadElement);
}

export function preloadRoute(routes: RouteObject[], pathname: string): void {
  for (const match of matchRoutes(routes, pathname) ?? []) {
    const chunk = (match.route.element as ReactNode) ?? null;
    preloadElement(chunk);
  }
}
