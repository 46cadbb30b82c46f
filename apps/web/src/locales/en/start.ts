// The texts the sign-in and registration pages need: the first download of a visitor (lib/i18n/bundles.ts).
import auth from './auth.json';
import common from './common.json';
import errors from './errors.json';
import legal from './legal.json';

export const start = { common, auth, errors, legal };
