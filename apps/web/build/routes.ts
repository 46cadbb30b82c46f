// The pages the build knows by route (issues 16 and 46): the source modules each loads besides the entry
// (its layout and its page). The byte budgets measure them (budget.ts, vite.config.ts), and the server names
// their chunks in the page's HTML so the browser asks for them while it reads the HTML (preloads.ts,
// apps/api/src/plugins/web-index.ts). A route's path uses `:name` for one segment, as the router does.

export const ROUTE_MODULES = {
  '/signin': ['src/app/layout/AuthLayout.tsx', 'src/features/auth/routes/SignInPage.tsx'],
  '/register': ['src/app/layout/AuthLayout.tsx', 'src/features/auth/routes/RegisterPage.tsx'],
  '/dashboard': ['src/app/layout/AppLayout.tsx', 'src/app/composed/DashboardWithDoses.tsx'],
  '/dashboard/my-pets': ['src/app/layout/AppLayout.tsx', 'src/features/pets/routes/MyPetsPage.tsx'],
  '/pet-details/:name/:id': ['src/app/layout/AppLayout.tsx', 'src/app/composed/PetDetailsWithDoses.tsx'],
  '/pet-details/:name/:id/appointments': [
    'src/app/layout/AppLayout.tsx',
    'src/features/appointments/routes/PetAppointmentsPage.tsx',
  ],
  '/my-account/subscription': [
    'src/app/layout/AppLayout.tsx',
    'src/features/billing/routes/SubscriptionPage.tsx',
  ],
} as const satisfies Record<string, readonly string[]>;
