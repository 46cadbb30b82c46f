import type { Language } from '@pet/shared/constants';

// The app's two languages write numbers as 1,234.5 (English) and 1.234,5 (German). Written out here rather
// than asked of Intl.NumberFormat: a page's first formatter costs a phone about 80 ms of main thread while the
// browser loads its number data (CPU profile, 4x, a pet's page; issue 46). decimal.test.ts holds both
// languages against Intl's answers.
const MARKS: Record<Language, { decimal: string; group: string }> = {
  en: { decimal: '.', group: ',' },
  de: { decimal: ',', group: '.' },
};

/** The language's decimal mark: '.' in English, ',' in German. */
export function decimalMark(language: Language): string {
  return MARKS[language].decimal;
}

/** `value` rounded to at most `maxFractionDigits` digits, trailing zeros dropped, thousands grouped. */
export function formatDecimal(value: number, language: Language, maxFractionDigits: number): string {
  if (!Number.isFinite(value)) return String(value);
  const { decimal, group } = MARKS[language];
  const [whole, fraction] = roundHalfUp(Math.abs(value), maxFractionDigits);
  const digits = fraction.replace(/0+$/, '');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, group);
  const sign = value < 0 ? '-' : '';
  return `${sign}${grouped}${digits ? decimal + digits : ''}`;
}

/**
 * Whole and fraction digits of `value` rounded half up at `digits`, from its shortest decimal form as Intl
 * rounds (1.005 -> 1.01, where toFixed, rounding the double, gives 1.00).
 */
function roundHalfUp(value: number, digits: number): [string, string] {
  const shortest = String(value);
  // Exponent forms (below 1e-6, from 1e21) are far from any weight or size shown: toFixed is close enough.
  if (shortest.includes('e')) return split(value.toFixed(digits));
  const scaled = String(Math.round(Number(`${shortest}e${digits}`))).padStart(digits + 1, '0');
  return digits === 0 ? [scaled, ''] : [scaled.slice(0, -digits), scaled.slice(-digits)];
}

function split(fixed: string): [string, string] {
  const [whole = '0', fraction = ''] = fixed.split('.');
  return [whole, fraction];
}
