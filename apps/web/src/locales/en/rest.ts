// The texts of the signed-in pages and the public pet pages, loaded when one of them opens (lib/i18n/bundles.ts).
import account from './account.json';
import appointments from './appointments.json';
import billing from './billing.json';
import contacts from './contacts.json';
import dashboard from './dashboard.json';
import documents from './documents.json';
import doses from './doses.json';
import emergency from './emergency.json';
import household from './household.json';
import medical from './medical.json';
import pets from './pets.json';
import plans from './plans.json';
import reminders from './reminders.json';
import share from './share.json';

export const rest = {
  account,
  billing,
  dashboard,
  pets,
  plans,
  medical,
  documents,
  contacts,
  appointments,
  emergency,
  share,
  household,
  doses,
  reminders,
};
