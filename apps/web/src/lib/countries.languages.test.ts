// Country names follow the interface language. The e2e appointment journey picks "Germany" in English only;
// this proves the German list it used to pick "Deutschland" from. Spec 2 section 3: "sorted by label".
import { describe, expect, it } from 'vitest';
import { countryCode, countryOptions, frequentCountryOptions } from './countries.ts';

describe('country options', () => {
  it.each(['en', 'de'] as const)(
    '%s: the full list is sorted by its names in that language, neighbours included',
    (language) => {
      const options = countryOptions(language);
      const labels = options.map((option) => option.label);
      expect(labels).toEqual([...labels].sort(new Intl.Collator(language).compare));
      expect(options.length).toBeGreaterThan(240);
      for (const code of ['DE', 'AT', 'CH']) expect(options.filter((o) => o.value === code)).toHaveLength(1);
    },
  );

  it('sorts by the language’s collation: Österreich among the O, not after Z', () => {
    const labels = countryOptions('de').map((option) => option.label);
    expect(labels.indexOf('Österreich')).toBeGreaterThan(labels.indexOf('Oman'));
    expect(labels.indexOf('Österreich')).toBeLessThan(labels.indexOf('Pakistan'));
    expect(labels.at(-1)).not.toBe('Österreich');
  });

  it('the frequent group names the neighbours in the interface language, with values of their own', () => {
    expect(frequentCountryOptions('de').map((o) => o.label)).toEqual([
      'Deutschland',
      'Österreich',
      'Schweiz',
    ]);
    expect(frequentCountryOptions('en').map((o) => o.label)).toEqual(['Germany', 'Austria', 'Switzerland']);
    const full = new Set(countryOptions('en').map((o) => o.value));
    for (const option of frequentCountryOptions('en')) {
      expect(full.has(option.value)).toBe(false);
      expect(full.has(countryCode(option.value))).toBe(true);
    }
    expect(countryCode('DE')).toBe('DE');
    expect(countryCode(null)).toBeNull();
  });
});
