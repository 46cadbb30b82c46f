import type { RouteObject } from 'react-router';
import { PublicOnly, RequireAuth } from '../features/auth/routes/guards.tsx';
import { WithAllTexts } from '../lib/i18n/WithAllTexts.tsx';
import { crumb } from './crumbs.ts';
import { RootLayout } from './layout/RootLayout.tsx';
import { RouteError } from './layout/RouteError.tsx';
import { Layouts, Pages } from './pages.ts';

// The route table (spec 1 section 2, spec 2 section 2). A route without an element shows its children.

const signedIn: RouteObject[] = [
  { index: true, element: <Pages.Dashboard /> },
  {
    path: 'dashboard',
    children: [
      { index: true, element: <Pages.Dashboard /> },
      { path: 'my-pets', handle: crumb('myPets'), element: <Pages.MyPets /> },
      { path: 'new-pet', handle: crumb('newPet'), element: <Pages.NewPet /> },
      {
        path: 'my-appointments',
        handle: crumb('events'),
        children: [
          { index: true, element: <Pages.MyAppointments /> },
          { path: 'add-appointment', handle: crumb('addAppointment'), element: <Pages.AddAppointment /> },
        ],
      },
    ],
  },
  { path: 'pets', handle: crumb('newPet'), element: <Pages.NewPet /> },
  {
    path: 'pet-details/:name/:id',
    handle: { crumb: { pet: true } },
    children: [
      { index: true, element: <Pages.PetDetails /> },
      { path: 'my-pet', handle: crumb('myPet'), element: <Pages.MyPet /> },
      { path: 'medical-data/*', handle: crumb('medicalData'), element: <Pages.MedicalData /> },
      { path: 'document-safe/*', handle: crumb('documentSafe'), element: <Pages.DocumentSafe /> },
      { path: 'contacts', handle: crumb('contacts'), element: <Pages.Contacts /> },
      { path: 'vet-findings/*', handle: crumb('vetFindings'), element: <Pages.VetFindings /> },
      {
        path: 'appointments',
        handle: crumb('appointments'),
        children: [
          { index: true, element: <Pages.PetAppointments /> },
          { path: 'add-appointment', handle: crumb('addAppointment'), element: <Pages.AddAppointment /> },
        ],
      },
    ],
  },
  { path: 'emergency-data', handle: crumb('emergency'), element: <Pages.EmergencyData /> },
  {
    path: 'my-account',
    handle: crumb('myAccount'),
    children: [
      { index: true, element: <Pages.MyAccount /> },
      {
        path: 'profile',
        handle: crumb('profile'),
        children: [
          { index: true, element: <Pages.Profile /> },
          { path: 'settings', handle: crumb('settings'), element: <Pages.Settings /> },
        ],
      },
      {
        path: 'subscription',
        handle: crumb('subscription'),
        children: [
          { index: true, element: <Pages.Subscription /> },
          { path: 'checkout', handle: crumb('checkout'), element: <Pages.Checkout /> },
          { path: 'successful', handle: crumb('successful'), element: <Pages.SubscriptionSuccessful /> },
        ],
      },
      {
        path: 'cancel-subscription',
        handle: crumb('cancelSubscription'),
        children: [
          { index: true, element: <Pages.CancelSubscription /> },
          {
            path: 'successful',
            handle: crumb('successful'),
            element: <Pages.CancelSubscriptionSuccessful />,
          },
        ],
      },
      { path: 'update-payment-details', handle: crumb('updatePayment'), element: <Pages.UpdatePayment /> },
      {
        path: 'payment-update',
        handle: crumb('paymentUpdate'),
        children: [
          { path: 'successful', handle: crumb('successful'), element: <Pages.PaymentUpdateSuccessful /> },
          { path: 'failed', handle: crumb('failed'), element: <Pages.PaymentUpdateFailed /> },
        ],
      },
      { path: 'bills', handle: crumb('bills'), element: <Pages.Bills /> },
      { path: 'activate-product', handle: crumb('activateProduct'), element: <Pages.ActivateProduct /> },
      { path: 'change-password', handle: crumb('changePassword'), element: <Pages.ChangePassword /> },
      { path: 'delete-account', handle: crumb('deleteAccount'), element: <Pages.DeleteAccount /> },
    ],
  },
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        element: (
          <PublicOnly>
            <Layouts.Auth />
          </PublicOnly>
        ),
        children: [
          { path: 'signin', element: <Pages.SignIn /> },
          { path: 'register', element: <Pages.Register /> },
          { path: 'forgot-password', element: <Pages.ForgotPassword /> },
          { path: 'reset-password', element: <Pages.ResetPassword /> },
        ],
      },
      {
        element: (
          <WithAllTexts>
            <Layouts.Plain />
          </WithAllTexts>
        ),
        children: [
          { path: 'notfall', element: <Pages.Notfall /> },
          { path: 'shared/:secret', element: <Pages.SharedPet /> },
          { path: 'household/accept', element: <Pages.HouseholdAccept /> },
          { path: 'pdf', element: <Pages.Pdf /> },
          { path: 'conditions', element: <Pages.Conditions /> },
          { path: 'dataprotectionpdf', element: <Pages.DataProtection /> },
        ],
      },
      {
        element: (
          <RequireAuth>
            <WithAllTexts>
              <Layouts.App />
            </WithAllTexts>
          </RequireAuth>
        ),
        children: signedIn,
      },
      { path: '*', element: <Layouts.NotFound /> },
    ],
  },
];
