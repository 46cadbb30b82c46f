import { type BrandId, brandConfig } from '@pet/shared/brands';
import { apiPaths } from '@pet/shared/paths';

// The first reads of the signed-in pages a phone opens most, besides the profile (issue 46): named in the
// page's HTML (preload as fetch, with credentials), they start while the page's code loads instead of after
// it. Each is the exact URL the page asks for, as apiFetch builds it (apps/web: petQuery,
// petAppointmentsQuery, productListQuery); the first-load journey fails on a preload the page leaves unused.
// The dashboard's own read (due soon) carries the browser's time zone, which the server does not know.

/** A route's segments named by its pattern (`/pet-details/:name/:id` -> name, id). */
export type RouteParams = Record<string, string>;

/** An id as the API makes them: anything else in a URL gets no preload (nothing of it reaches the HTML). */
const ID = /^[\w-]{1,64}$/;

const ROUTE_READS: Record<string, (params: RouteParams, brand: BrandId) => string[]> = {
  '/pet-details/:name/:id': ({ id }) => (id && ID.test(id) ? [`${apiPaths.pet}?pet_id=${id}`] : []),
  '/pet-details/:name/:id/appointments': ({ id }) =>
    id && ID.test(id) ? [`${apiPaths.petAppointments}?pet_id=${id}`, `${apiPaths.pet}?pet_id=${id}`] : [],
  '/my-account/subscription': (_, brand) => [
    `${apiPaths.productList}?${new URLSearchParams({ partner_id: brandConfig(brand).partnerId })}`,
  ],
};

/** The reads to preload for a signed-in visit of `route` (a pattern of the build's preloads.json). */
export function routeReads(route: string, params: RouteParams, brand: BrandId): string[] {
  return ROUTE_READS[route]?.(params, brand) ?? [];
}
