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

/** 2999 → "29,99 €", -1234 → "-12,34 €", 123456 → "1.234,56 €". */
export function formatEuro(cents: number): string {
  const whole = Math.trunc(cents);
  const sign = whole < 0 ? '-' : '';
  const abs = Math.abs(whole);
  const euros = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const rest = (abs % 100).toString().padStart(2, '0');
  return `${sign}${euros},${rest} €`;
}
