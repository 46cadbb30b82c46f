// Every route of the app in one place, so links and the router agree.

export const paths = {
  home: '/',
  dashboard: '/dashboard',
  signin: '/signin',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  notfall: '/notfall',
  myPets: '/dashboard/my-pets',
  newPet: '/dashboard/new-pet',
  pets: '/pets',
  myAppointments: '/dashboard/my-appointments',
  addAppointment: '/dashboard/my-appointments/add-appointment',
  emergencyData: '/emergency-data',
  myAccount: '/my-account',
  profile: '/my-account/profile',
  settings: '/my-account/profile/settings',
  subscription: '/my-account/subscription',
  checkout: '/my-account/subscription/checkout',
  subscriptionSuccessful: '/my-account/subscription/successful',
  cancelSubscription: '/my-account/cancel-subscription',
  cancelSubscriptionSuccessful: '/my-account/cancel-subscription/successful',
  updatePayment: '/my-account/update-payment-details',
  paymentUpdateSuccessful: '/my-account/payment-update/successful',
  paymentUpdateFailed: '/my-account/payment-update/failed',
  bills: '/my-account/bills',
  activateProduct: '/my-account/activate-product',
  changePassword: '/my-account/change-password',
  deleteAccount: '/my-account/delete-account',
  pdf: '/pdf',
  conditions: '/conditions',
  dataProtection: '/dataprotectionpdf',
} as const;

export const PET_SECTIONS = [
  'my-pet',
  'medical-data',
  'document-safe',
  'contacts',
  'vet-findings',
  'appointments',
] as const;
export type PetSection = (typeof PET_SECTIONS)[number];

/** In routes, spaces in the pet name become hyphens (spec 1 section 2). */
export function petSlug(name: string): string {
  return name.trim().replace(/\s+/g, '-');
}

export function petPath(pet: { id: string; name: string }, section?: PetSection): string {
  const base = `/pet-details/${encodeURIComponent(petSlug(pet.name))}/${encodeURIComponent(pet.id)}`;
  return section ? `${base}/${section}` : base;
}

/**
 * A continueUrl from the query is only followed when it stays on this site: a path starting with one slash
 * (not `//host` or `/\host`, which browsers treat as another origin).
 */
export function safeContinueUrl(raw: string | null | undefined): string | null {
  if (!raw) return null;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  return raw;
}

export function signinUrl(continueUrl?: string): string {
  if (!continueUrl || continueUrl === paths.home) return paths.signin;
  return `${paths.signin}?continueUrl=${encodeURIComponent(continueUrl)}`;
}
