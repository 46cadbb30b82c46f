// Money is kept in integer cents; the spec shows euro with a comma and two decimals in both languages
// ("29,99 €") and cuts a total to two decimals rather than rounding it.

/** 29.99 → 2999 (a catalogue price in euro, exact to the cent). */
export function euroToCents(euro: number): number {
  return Math.round(euro * 100);
}

/** 2999 → 29.99: the euro number the API's price fields carry. */
export function centsToEuro(cents: number): number {
  return Math.trunc(cents) / 100;
}

/**
 * 2999 → "29,99 €", -1234 → "-12,34 €", 123456 → "1.234,56 €": Intl's German euro (de-DE, EUR), whose no-break
 * space before the sign is the plain space of the spec's texts and of the API's `*_eur_formatted` fields. A
 * fraction of a cent is cut off, never rounded up. Written out rather than asked of Intl.NumberFormat, whose
 * first currency formatter costs a phone about 55 ms of main thread on the subscription page (issue 46);
 * money.test.ts holds it against Intl's answers cent by cent.
 */
export function formatEuro(cents: number): string {
  // `|| 0`: a cut-off -0.4 cent is 0, never "-0,00 €".
  const whole = Math.trunc(cents) || 0;
  const abs = Math.abs(whole);
  const euros = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+$)/g, '.');
  const rest = String(abs % 100).padStart(2, '0');
  return `${whole < 0 ? '-' : ''}${euros},${rest} €`;
}
