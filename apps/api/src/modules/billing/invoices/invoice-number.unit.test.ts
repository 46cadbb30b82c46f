import { describe, expect, test } from 'vitest';
import { invoiceNumber } from './invoice-number.ts';

describe('invoice numbers', () => {
  test('the partner prefix, the year, five digits', () => {
    expect(invoiceNumber('petention', 2026, 1)).toBe('PE-2026-00001');
    expect(invoiceNumber('hunde-schutz', 2027, 12345)).toBe('HS-2027-12345');
    expect(invoiceNumber('tier-fritz', 2026, 7)).toBe('TF-2026-00007');
    expect(invoiceNumber('animal-care', 2026, 7)).toBe('AC-2026-00007');
    expect(invoiceNumber('primepet', 2026, 7)).toBe('PP-2026-00007');
  });
});
