/** Euro amounts as the plans show them in both languages: a comma and two decimals ("2,99 €"). */
export function formatEuro(amount: number): string {
  const fixed = (Math.round(amount * 100) / 100).toFixed(2);
  const [whole = '0', cents = '00'] = fixed.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${grouped},${cents}\u00a0€`;
}
