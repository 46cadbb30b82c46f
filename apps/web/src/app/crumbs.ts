import type { en } from '../lib/i18n/resources.ts';

// Breadcrumbs come from the route table: a route with `handle.crumb` adds one step (spec 1 section 2).

export type NavKey = keyof typeof en.common.nav;
export type Crumb = { label: NavKey } | { pet: true };
export interface RouteHandle {
  crumb?: Crumb;
}

export function crumb(label: NavKey): RouteHandle {
  return { crumb: { label } };
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'crumb' in value;
}
