import { describe, expect, it } from 'vitest';
import { fakeContact } from '../test/fakeContacts.tsx';
import { groupByType, resolveContactType } from './contactTypes.ts';

const GERMAN: Record<string, string> = { Vet: 'Tierarzt', CareTaker: 'Tierbetreuung' };
const german = (type: string) => GERMAN[type] ?? type;

describe('groupByType', () => {
  it('every predefined type in order (empty ones too), then the custom ones by name, any case', () => {
    const contacts = [
      fakeContact({ id: 'a', contact_type: 'physio' }),
      fakeContact({ id: 'b', contact_type: 'Vet' }),
      fakeContact({ id: 'c', contact_type: 'Farrier' }),
      fakeContact({ id: 'd', contact_type: 'Vet' }),
    ];
    const groups = groupByType(contacts, 'en');
    expect(groups.map((g) => [g.type, g.predefined, g.contacts.map((c) => c.id)])).toEqual([
      ['Holder', true, []],
      ['Vet', true, ['b', 'd']],
      ['Breeder', true, []],
      ['Groomer', true, []],
      ['CareTaker', true, []],
      ['Kennel', true, []],
      ['Trainer', true, []],
      ['Farrier', false, ['c']],
      ['physio', false, ['a']],
    ]);
  });
});

describe('resolveContactType', () => {
  it('a predefined type by its key or its label, in any case', () => {
    expect(resolveContactType(' vet ', german, [])).toBe('Vet');
    expect(resolveContactType('TIERBETREUUNG', german, [])).toBe('CareTaker');
  });

  it('an existing custom type spelled differently joins it; anything else is kept as typed, trimmed', () => {
    expect(resolveContactType('PHYSIO', german, ['Physio'])).toBe('Physio');
    expect(resolveContactType('  Hufschmied ', german, ['Physio'])).toBe('Hufschmied');
  });
});
