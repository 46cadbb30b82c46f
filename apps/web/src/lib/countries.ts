import type { Language } from '@pet/shared/constants';

// ISO 3166-1 alpha-2 codes. Names come from the browser (Intl.DisplayNames) in the UI language, so no
// country list needs translating.
const CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY ' +
  'BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK ' +
  'FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR ' +
  'IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ' +
  'ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM ' +
  'PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF ' +
  'TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

/** The countries people of this portal live in most: a group of their own above the full list. */
const FREQUENT = ['DE', 'AT', 'CH'];
/**
 * A select's options need distinct values, and the frequent countries are in the full list too: their
 * entries in the frequent group carry this prefix, which `countryCode` takes off again.
 */
const FREQUENT_PREFIX = 'frequent:';

export interface CountryOption {
  value: string;
  label: string;
}

function namesIn(language: Language): (code: string) => string {
  const names = new Intl.DisplayNames([language], { type: 'region' });
  return (code) => names.of(code) ?? code;
}

/** Every country, sorted by its name in the UI language (the language's own collation, spec 2 section 3). */
export function countryOptions(language: Language): CountryOption[] {
  const label = namesIn(language);
  const collator = new Intl.Collator(language);
  return CODES.map((code) => ({ value: code, label: label(code) })).sort((a, b) =>
    collator.compare(a.label, b.label),
  );
}

/** The frequent countries, in their order, with values the full list's do not clash with. */
export function frequentCountryOptions(language: Language): CountryOption[] {
  const label = namesIn(language);
  return FREQUENT.map((code) => ({ value: `${FREQUENT_PREFIX}${code}`, label: label(code) }));
}

/** The ISO code of a chosen option (from either group). */
export function countryCode(value: string): string;
export function countryCode(value: string | null): string | null;
export function countryCode(value: string | null): string | null {
  return value?.startsWith(FREQUENT_PREFIX) ? value.slice(FREQUENT_PREFIX.length) : value;
}
