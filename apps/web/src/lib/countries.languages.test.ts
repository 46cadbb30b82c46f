// Country names follow the interface language. The e2e appointment journey picks "Germany" in English only;
// this proves the German list it used to pick "Deutschland" from.
import { describe, expect, it } from 'vitest';
import { countryOptions } from './countries.ts';

describe('country options', () => {
  it('name the countries in the interface language, the neighbours first', () => {
    expect(countryOptions('de').slice(0, 3)).toEqual([
      { value: 'DE', label: 'Deutschland' },
      { value: 'AT', label: 'Österreich' },
      { value: 'CH', label: 'Schweiz' },
    ]);
    expect(countryOptions('en')[0]).toEqual({ value: 'DE', label: 'Germany' });
  });
});
