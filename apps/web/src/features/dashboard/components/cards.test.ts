import { describe, expect, it } from 'vitest';
import { cardTarget } from './cards.ts';

describe('dashboard card targets', () => {
  const pets = [
    { id: 'p1', name: 'Bello Junior', role: 'owner' as const, owner_name: null },
    { id: 'p2', name: 'Mia', role: 'owner' as const, owner_name: null },
  ];

  it('per-pet cards open the first pet, or the pet list when there is none', () => {
    expect(cardTarget('medical-data', pets)).toBe('/pet-details/Bello-Junior/p1/medical-data');
    expect(cardTarget('contacts', pets)).toBe('/pet-details/Bello-Junior/p1/contacts');
    expect(cardTarget('document-safe', [])).toBe('/dashboard/my-pets');
  });

  it('the other cards open their pages', () => {
    expect(cardTarget('events', pets)).toBe('/dashboard/my-appointments');
    expect(cardTarget('emergency', pets)).toBe('/emergency-data');
    expect(cardTarget('my-account', pets)).toBe('/my-account/profile');
    expect(cardTarget('my-pets', pets)).toBe('/dashboard/my-pets');
  });
});
