import deAccount from '../../locales/de/account.json';
import deAppointments from '../../locales/de/appointments.json';
import deAuth from '../../locales/de/auth.json';
import deBilling from '../../locales/de/billing.json';
import deCommon from '../../locales/de/common.json';
import deContacts from '../../locales/de/contacts.json';
import deDashboard from '../../locales/de/dashboard.json';
import deDocuments from '../../locales/de/documents.json';
import deEmergency from '../../locales/de/emergency.json';
import deErrors from '../../locales/de/errors.json';
import deLegal from '../../locales/de/legal.json';
import deMedical from '../../locales/de/medical.json';
import dePets from '../../locales/de/pets.json';
import dePlans from '../../locales/de/plans.json';
import deShare from '../../locales/de/share.json';
import enAccount from '../../locales/en/account.json';
import enAppointments from '../../locales/en/appointments.json';
import enAuth from '../../locales/en/auth.json';
import enBilling from '../../locales/en/billing.json';
import enCommon from '../../locales/en/common.json';
import enContacts from '../../locales/en/contacts.json';
import enDashboard from '../../locales/en/dashboard.json';
import enDocuments from '../../locales/en/documents.json';
import enEmergency from '../../locales/en/emergency.json';
import enErrors from '../../locales/en/errors.json';
import enLegal from '../../locales/en/legal.json';
import enMedical from '../../locales/en/medical.json';
import enPets from '../../locales/en/pets.json';
import enPlans from '../../locales/en/plans.json';
import enShare from '../../locales/en/share.json';

// Both languages are bundled: together they are a few kilobytes, less than one extra round trip.

export const en = {
  common: enCommon,
  auth: enAuth,
  account: enAccount,
  billing: enBilling,
  plans: enPlans,
  dashboard: enDashboard,
  pets: enPets,
  medical: enMedical,
  documents: enDocuments,
  contacts: enContacts,
  appointments: enAppointments,
  emergency: enEmergency,
  share: enShare,
  legal: enLegal,
  errors: enErrors,
};

// Typed as the English set: a key missing in German fails the type check (extra keys fail the locale test).
export const de: typeof en = {
  common: deCommon,
  auth: deAuth,
  account: deAccount,
  billing: deBilling,
  plans: dePlans,
  dashboard: deDashboard,
  pets: dePets,
  medical: deMedical,
  documents: deDocuments,
  contacts: deContacts,
  appointments: deAppointments,
  emergency: deEmergency,
  share: deShare,
  legal: deLegal,
  errors: deErrors,
};

export const NAMESPACES = Object.keys(en) as Array<keyof typeof en>;
export const resources = { en, de };
