import type { DocumentType } from './domain/documents.ts';

// Addresses written on both sides: the web app's pages (the router, its links, and the links the API puts
// into mails and redirects) and the API paths the web app calls. One place, so a renamed route cannot leave
// a mail or a client pointing at the old one.

/** Every page of the web app. */
export const paths = {
  home: '/',
  dashboard: '/dashboard',
  signin: '/signin',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  /** ?token=: a household invitation's link in its mail (issue 45). */
  householdAccept: '/household/accept',
  notfall: '/notfall',
  /** /shared/{secret}: a pet's read-only page from a share link (no sign-in). */
  shared: '/shared',
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

/** The sign-in pages: they need only the start part of the texts, and a sign-in never continues to one. */
export const AUTH_PAGES: readonly string[] = [
  paths.signin,
  paths.register,
  paths.forgotPassword,
  paths.resetPassword,
];

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

/** The pet's name as a route segment: hyphens for spaces, percent-encoded. */
export function petPathName(name: string): string {
  return encodeURIComponent(petSlug(name));
}

/** /pet-details/{name}/{id}, or one of its sections. */
export function petPath(pet: { id: string; name: string }, section?: PetSection): string {
  const base = `/pet-details/${petPathName(pet.name)}/${encodeURIComponent(pet.id)}`;
  return section ? `${base}/${section}` : base;
}

/** The list page and add page of each medical category under /pet-details/{name}/{id}/medical-data. */
export const MEDICAL_PAGES = {
  allergy: { list: 'allergies', add: 'add-allergy' },
  disease: { list: 'diseases', add: 'add-disease' },
  intervention: { list: 'medicalinterventions', add: 'add-medicalintervention' },
  medication: { list: 'medications', add: 'add-medication' },
  vaccination: { list: 'vaccinations', add: 'add-vaccination' },
  deworming: { list: 'dewormings', add: 'add-deworming' },
} as const;

/** A medical category's list page, or its add page. */
export function medicalPath(
  pet: { id: string; name: string },
  type: keyof typeof MEDICAL_PAGES,
  page: 'list' | 'add' = 'list',
): string {
  const list = `${petPath(pet, 'medical-data')}/${MEDICAL_PAGES[type].list}`;
  return page === 'add' ? `${list}/${MEDICAL_PAGES[type].add}` : list;
}

/** The two document hubs of a pet and their lists: each list's page, its add page and its document_type. */
export const DOCUMENT_PAGES = {
  'document-safe': {
    'certificates-of-descent': { add: 'add-descent-certificate', type: 'Certificate of Descent' },
    'eu-pet-passports': { add: 'add-eu-pet-passport', type: 'EU Pet Passport' },
    insurances: { add: 'add-insurance', type: 'Insurance' },
    'dog-taxes': { add: 'add-dog-tax', type: 'Dog Tax' },
    bill: { add: 'add-bill', type: 'Bills' },
    others: { add: 'add-other', type: 'Others' },
  },
  'vet-findings': {
    prescriptions: { add: 'add-prescription', type: 'Prescriptions' },
    'laboratory-findings': { add: 'add-laboratory-finding', type: 'Laboratory Findings' },
    xrays: { add: 'add-xray', type: 'X-rays' },
    ultrasound: { add: 'add-ultrasound', type: 'Ultrasound Images' },
    diagnoses: { add: 'add-diagnose', type: 'Diagnoses' },
    photos: { add: 'add-photo', type: 'Photos' },
    others: { add: 'add-other', type: 'Other Findings' },
  },
} as const satisfies Record<DocumentHub, Record<string, { add: string; type: DocumentType }>>;
export type DocumentHub = 'document-safe' | 'vet-findings';
export type DocumentListPage<H extends DocumentHub = DocumentHub> = keyof (typeof DOCUMENT_PAGES)[H];

/** A document hub, one of its lists, or a list's add page. */
export function documentPath<H extends DocumentHub>(
  pet: { id: string; name: string },
  hub: H,
  list?: DocumentListPage<H>,
  page: 'list' | 'add' = 'list',
): string {
  const base = petPath(pet, hub);
  if (!list) return base;
  const listPath = `${base}/${String(list)}`;
  const pages = DOCUMENT_PAGES[hub] as Record<string, { add: string }>;
  return page === 'add' ? `${listPath}/${pages[String(list)]?.add}` : listPath;
}

/** Where a document of a type is listed. */
export function documentListOf(type: DocumentType): { hub: DocumentHub; list: string } {
  for (const [hub, lists] of Object.entries(DOCUMENT_PAGES)) {
    for (const [list, page] of Object.entries(lists)) {
      if (page.type === type) return { hub: hub as DocumentHub, list };
    }
  }
  throw new Error(`no list for document type ${type}`);
}

/** Where the links in account mails finally land (after better-auth has checked their token). */
export const mailLandings = {
  /** The verification link: the sign-in page shows "e-mail confirmed". */
  afterVerification: `${paths.signin}?verified=1`,
  /** The reset link: the reset page reads `token` from the query and sends the new password. */
  resetPassword: (email: string) => `${paths.resetPassword}?email=${encodeURIComponent(email)}`,
  afterMagicLink: paths.dashboard,
  /** A used or expired magic link lands here with `?error=<CODE>`. */
  magicLinkError: paths.signin,
} as const;

/**
 * The API paths: the product's own under /v1, better-auth's under /api/auth. The web app calls them and the
 * API declares its routes with them (a route under /v1 declared with any other path fails
 * apps/api/src/lib/route-paths.test.ts), a few only the server serves (the webhook, the sandbox's pages).
 */
export const apiPaths = {
  config: '/v1/config',
  log: '/v1/log',
  myInfo: '/v1/auth/myinfo',
  modifyAccount: '/v1/auth/modify',
  updateUser: '/v1/user/update',
  signUp: '/v1/auth/signup',
  verifyCode: '/v1/auth/verifycode',
  /** POST, empty body, signed in: `{ message }`; "default" holds the user on activate-product (spec 1 section 4). */
  verifyEmail: '/v1/auth/verifyemail',
  sendVerificationEmail: '/v1/auth/verification/sendemail',
  passwordReset: '/v1/auth/password/reset',
  /** POST { oldpassword, newpassword } (issue 15). */
  passwordChange: '/v1/auth/password/change',
  /** DELETE ?user_id= (issue 15). */
  deleteAccount: '/v1/auth/deleteuseracc',
  /** GET: the signed-in user's data as one ZIP (200), or 202 while a job prepares it (issue 15). */
  accountExport: '/v1/account/export',
  /** GET ?token=: a prepared export, by the link of its mail (valid EXPORT_LINK_HOURS). */
  accountExportDownload: '/v1/account/export/download',
  /** GET `${apiPaths.legal}/${document}?language=` (imprint, terms, privacy). */
  legal: '/v1/legal',
  /** The spec's own path of the logging service: the same handler as `log`. */
  logAlias: '/log',
  pet: '/v1/pet',
  uploadImage: '/v1/upload/image',
  /** GET `${apiPaths.files}/${id}`: a stored file, to its owner only; every image_url and doc_url points here. */
  files: '/v1/files',
  appointment: '/v1/appointment',
  myAppointments: '/v1/appointment/myappointments',
  petAppointments: '/v1/appointment/mypetappointments',
  appointmentIcs: '/v1/appointment/ics',
  calendarFeed: '/v1/calendar/feed',
  /** GET `${apiPaths.calendar}/${secret}.ics`: the feed at its secret address, public (calendar apps read it). */
  calendar: '/v1/calendar',
  contact: '/v1/contact',
  petContacts: '/v1/contact/mycontacts',
  /** POST and PUT: `${apiPaths.medical}/${type}`; DELETE: `${apiPaths.medical}?med_id=`. */
  medical: '/v1/medical',
  petMedicals: '/v1/medical/mypetmedicals',
  medicalDueSoon: '/v1/medical/duesoon',
  /** POST ?pet_id=, PUT and DELETE ?doc_id= */
  document: '/v1/document',
  petDocuments: '/v1/document/mydocs',
  /** GET ?pet_id=: every document of the pet as one ZIP, streamed. */
  petDocumentsZip: '/v1/document/zip',
  uploadDocument: '/v1/upload/document',
  /** GET ?language=: the signed-in owner's emergency file. */
  emergency: '/v1/emergency',
  /** GET ?activation_code=&language=: public, by the owner's emergency password. */
  emergencyPublic: '/v1/emergency/public',
  emergencyInfo: '/v1/emergency/info',
  emergencyPassword: '/v1/emergency/password',
  emergencyTag: '/v1/emergency/tag',
  /** POST ?pet_id=; DELETE ?id= (revokes). */
  shareLink: '/v1/share-link',
  petShareLinks: '/v1/share-link/mylinks',
  /** `${apiPaths.shared}/${secret}`, and its files under `/files/{id}`: public. */
  shared: '/v1/shared',
  /** GET ?pet_id=&date=: the pet's doses of a day (issue 49). */
  doses: '/v1/dose',
  /** GET ?time_zone=: today's doses of every pet the caller reaches (the dashboard). */
  dosesToday: '/v1/dose/today',
  /** POST { medication_id, date, slot }: a dose given; DELETE ?medication_id=&date=&slot=: undone. */
  doseCheck: '/v1/dose/check',
  /** GET ?pet_id=: the pet's dose times and the caller's opt-in to its reminder mails (issue 49). */
  reminders: '/v1/reminders',
  /** PUT ?pet_id= { mornings, noons, evenings, time_zone }: the owner's dose times. */
  reminderDoseTimes: '/v1/reminders/dose-times',
  /** PUT ?pet_id= { opted_in, time_zone }: the caller's own opt-in. */
  reminderOptIn: '/v1/reminders/opt-in',
  /** GET ?pet_id= (members, open invitations); DELETE ?member_id= (the owner revokes, a member leaves). */
  household: '/v1/household',
  /** POST ?pet_id= { email, role, until? }: the owner's invitation, by mail. */
  householdInvite: '/v1/household/invite',
  /** POST { token }: the signed-in user joins. */
  householdAccept: '/v1/household/accept',
  /** DELETE ?invitation_id=: the owner takes an open invitation back. */
  householdInvitation: '/v1/household/invitation',
  /** GET ?pet_id=&page=&page_size=: who changed what, newest first. */
  householdHistory: '/v1/household/history',
  /** PUT ?pet_id= { member_id | null }: the owner names a co-owner second emergency contact; they may withdraw. */
  householdEmergencyContact: '/v1/household/emergency-contact',
  productList: '/v1/subscription/product/list',
  applyActivationCode: '/v1/subscription/change/apply',
  subscriptionPrices: '/v1/subscription/prices',
  couponIsValid: '/v1/coupon/isvalid',
  changeRequest: '/v1/subscription/change/request',
  /** DELETE ?id=: a pending order whose payment failed in the browser. */
  orderDelete: '/v1/order/delete',
  myOrders: '/v1/order/myorders',
  /** GET ?id=: the paid order's invoice PDF. */
  orderPdf: '/v1/order/orderpdfweb',
  /** GET: 'cancel' | 'active' | 'none' and the term's end (schemas/subscription.ts). */
  cancelAt: '/v1/subscription/cancelat',
  /** POST, empty body: ends the paid subscription at its term's end. */
  cancel: '/v1/subscription/cancel',
  /** POST, empty body: withdraws a pending downgrade. */
  cancelDowngrade: '/v1/subscription/cancel/downgrade',
  /** POST, empty body: revokes the termination while the term runs. */
  cancelRevoke: '/v1/subscription/cancel/revoke',
  /** POST { price_id }: the target plan from the term's end. */
  downgrade: '/v1/subscription/downgrade',
  /** GET: the saved card or IBAN renewals are charged to (204: none). */
  paymentMethod: '/v1/user/payment_method',
  /** POST { success_url, cancel_url }: a setup checkout session for a new payment method. */
  updatePayment: '/v1/subscription/update_payment',
  /** GET `${apiPaths.sandboxCheckout}/${sessionId}`: the sandbox's own setup checkout page (HTML). */
  sandboxCheckout: '/v1/sandbox/checkout',
  /** POST: provider events (Stripe-Signature header); the sandbox delivers its own here too. */
  paymentsWebhook: '/v1/payments/webhook',
  /** `${apiPaths.sandboxPaymentIntents}/${id}/confirm` and `/challenge`: the sandbox provider's browser calls. */
  sandboxPaymentIntents: '/v1/sandbox/payment_intents',
  signInEmail: '/api/auth/sign-in/email',
  signInMagicLink: '/api/auth/sign-in/magic-link',
  signInSocial: '/api/auth/sign-in/social',
  verifyOneTimeToken: '/api/auth/one-time-token/verify',
  resetPassword: '/api/auth/reset-password',
  signOut: '/api/auth/sign-out',
} as const;
