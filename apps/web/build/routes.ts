// The pages the build knows by route (issues 16 and 46): the source modules each loads besides the entry
// (its layout and its page). The byte budgets measure them (budget.ts, vite.config.ts), and the server names
// their chunks in the page's HTML so the browser asks for them while it reads the HTML (preloads.ts,
// apps/api/src/plugins/web-index.ts). A route's path uses `:name` for one segment, as the router does.

export const ROUTE_MODULES = {
  '/signin': ['src/app/layout/AuthLayout.tsx', 'src/features/auth/routes/SignInPage.tsx'],
  '/register': ['src/app/layout/AuthLayout.tsx', 'src/features/auth/routes/RegisterPage.tsx'],
  '/dashboard': ['src/app/layout/AppLayout.tsx', 'src/features/dashboard/routes/DashboardPage.tsx'],
  '/dashboard/my-pets': ['src/app/layout/AppLayout.tsx', 'src/features/pets/routes/MyPetsPage.tsx'],
  '/pet-details/:name/:id': ['src/app/layout/AppLayout.tsx', 'src/features/pets/routes/PetDetailsPage.tsx'],
  '/pet-details/:name/:id/appointments': [
    'src/app/layout/AppLayout.tsx',
    'src/features/appointments/routes/PetAppointmentsPage.tsx',
  ],
  '/my-account/subscription': [
    'src/app/layout/AppLayout.tsx',
    'src/features/billing/routes/SubscriptionPage.tsx',
  ],
} as const satisfies Record<string, readonly string[]>;

export type KnownRoute = keyof typeof ROUTE_MODULES;

/**
 * Code a route asks for right after it draws, on its first read's answer (a response schema the answer is
 * parsed with): named in the route's HTML as well, so it arrives with the page instead of after the answer,
 * but not counted in the route's budget, which holds what the page needs before it can draw (issue 46).
 */
export const ROUTE_FOLLOW_UPS: Partial<Record<KnownRoute, readonly string[]>> = {
  // The product list's schema (lib/plan/productList.ts): the plans shown wait for it.
  '/my-account/subscription': ['../../packages/shared/src/schemas/plans.ts'],
};
