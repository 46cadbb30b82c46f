import { SignInPage } from '../features/auth/routes/SignInPage.tsx';
import { preloadableLazy } from '../lib/preloadableLazy.ts';
import { AuthLayout } from './layout/AuthLayout.tsx';
import { NotFoundPage } from './layout/NotFoundPage.tsx';

// Every page is its own chunk (React.lazy), except the sign-in page and its frame: most first visits open
// them, so they come with the entry (vite.config.ts, the `initial` chunk) instead of after it.

// `preload` starts the download without rendering: boot.tsx calls it for the page being opened.
const page = preloadableLazy;

const auth = {
  register: () => import('../features/auth/routes/RegisterPage.tsx'),
  forgot: () => import('../features/auth/routes/ForgotPasswordPage.tsx'),
  reset: () => import('../features/auth/routes/ResetPasswordPage.tsx'),
};
const medical = () => import('../features/medical/routes/MedicalDataPage.tsx');
const documents = () => import('../features/documents/routes/DocumentsPage.tsx');
const contacts = () => import('../features/contacts/routes/ContactsPage.tsx');
const emergency = {
  data: () => import('../features/emergency/routes/EmergencyDataPage.tsx'),
  notfall: () => import('../features/emergency/routes/NotfallPage.tsx'),
};
const paymentUpdateResult = () => import('../features/billing/routes/PaymentUpdateResultPages.tsx');
const legal = () => import('../features/legal/routes/LegalPages.tsx');

/** The other frames are chunks too: a signed-out visitor never downloads the side bar, menus and app shell. */
export const Layouts = {
  App: page(
    () => import('./layout/AppLayout.tsx'),
    (m) => m.AppLayout,
  ),
  Auth: AuthLayout,
  Plain: page(
    () => import('./layout/PlainLayout.tsx'),
    (m) => m.PlainLayout,
  ),
  // In the first chunk already: the route error screen shows it for a 404 thrown by any route.
  NotFound: NotFoundPage,
};

export const Pages = {
  SignIn: SignInPage,
  Register: page(auth.register, (m) => m.RegisterPage),
  ForgotPassword: page(auth.forgot, (m) => m.ForgotPasswordPage),
  ResetPassword: page(auth.reset, (m) => m.ResetPasswordPage),

  // With today's doses (app/composed: features are composed here, never by each other).
  Dashboard: page(
    () => import('./composed/DashboardWithDoses.tsx'),
    (m) => m.DashboardWithDosesPage,
  ),

  MyAccount: page(
    () => import('../features/account/routes/MyAccountPage.tsx'),
    (m) => m.MyAccountPage,
  ),
  Profile: page(
    () => import('../features/account/routes/ProfilePage.tsx'),
    (m) => m.ProfilePage,
  ),
  Settings: page(
    () => import('../features/account/routes/SettingsPage.tsx'),
    (m) => m.SettingsPage,
  ),
  ActivateProduct: page(
    () => import('../features/plans/routes/ActivateProductPage.tsx'),
    (m) => m.ActivateProductPage,
  ),
  ChangePassword: page(
    () => import('../features/account/routes/ChangePasswordPage.tsx'),
    (m) => m.ChangePasswordPage,
  ),
  DeleteAccount: page(
    () => import('../features/account/routes/DeleteAccountPage.tsx'),
    (m) => m.DeleteAccountPage,
  ),

  MyPets: page(
    () => import('../features/pets/routes/MyPetsPage.tsx'),
    (m) => m.MyPetsPage,
  ),
  NewPet: page(
    () => import('../features/pets/routes/NewPetPage.tsx'),
    (m) => m.NewPetPage,
  ),
  // With the pet's doses (app/composed).
  PetDetails: page(
    () => import('./composed/PetDetailsWithDoses.tsx'),
    (m) => m.PetDetailsWithDosesPage,
  ),
  // With the share-links card (app/composed: features are composed here, never by each other).
  MyPet: page(
    () => import('./composed/MyPetWithSharing.tsx'),
    (m) => m.MyPetWithSharingPage,
  ),
  MedicalData: page(medical, (m) => m.MedicalDataPage),
  DocumentSafe: page(documents, (m) => m.DocumentSafePage),
  VetFindings: page(documents, (m) => m.VetFindingsPage),
  Contacts: page(contacts, (m) => m.ContactsPage),

  MyAppointments: page(
    () => import('../features/appointments/routes/MyAppointmentsPage.tsx'),
    (m) => m.MyAppointmentsPage,
  ),
  PetAppointments: page(
    () => import('../features/appointments/routes/PetAppointmentsPage.tsx'),
    (m) => m.PetAppointmentsPage,
  ),
  AddAppointment: page(
    () => import('../features/appointments/routes/AddAppointmentPage.tsx'),
    (m) => m.AddAppointmentPage,
  ),

  EmergencyData: page(emergency.data, (m) => m.EmergencyDataPage),
  Notfall: page(emergency.notfall, (m) => m.NotfallPage),
  SharedPet: page(
    () => import('./composed/SharedPetWithFacts.tsx'),
    (m) => m.SharedPetWithFactsPage,
  ),
  // Open signed in and signed out: an invitation's mail links here (issue 45).
  HouseholdAccept: page(
    () => import('../features/household/routes/AcceptInvitationPage.tsx'),
    (m) => m.AcceptInvitationPage,
  ),

  Subscription: page(
    () => import('../features/billing/routes/SubscriptionPage.tsx'),
    (m) => m.SubscriptionPage,
  ),
  Checkout: page(
    () => import('../features/billing/routes/CheckoutPage.tsx'),
    (m) => m.CheckoutPage,
  ),
  SubscriptionSuccessful: page(
    () => import('../features/billing/routes/SubscriptionSuccessfulPage.tsx'),
    (m) => m.SubscriptionSuccessfulPage,
  ),
  CancelSubscription: page(
    () => import('../features/billing/routes/CancelSubscriptionPage.tsx'),
    (m) => m.CancelSubscriptionPage,
  ),
  CancelSubscriptionSuccessful: page(
    () => import('../features/billing/routes/CancelSubscriptionSuccessfulPage.tsx'),
    (m) => m.CancelSubscriptionSuccessfulPage,
  ),
  UpdatePayment: page(
    () => import('../features/billing/routes/UpdatePaymentPage.tsx'),
    (m) => m.UpdatePaymentPage,
  ),
  PaymentUpdateSuccessful: page(paymentUpdateResult, (m) => m.PaymentUpdateSuccessfulPage),
  PaymentUpdateFailed: page(paymentUpdateResult, (m) => m.PaymentUpdateFailedPage),
  Bills: page(
    () => import('../features/billing/routes/BillsPage.tsx'),
    (m) => m.BillsPage,
  ),

  Pdf: page(legal, (m) => m.PdfPage),
  Conditions: page(legal, (m) => m.ConditionsPage),
  DataProtection: page(legal, (m) => m.DataProtectionPage),
};
