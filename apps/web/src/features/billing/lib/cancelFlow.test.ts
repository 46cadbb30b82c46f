import { describe, expect, it } from 'vitest';
import { cancelProcess, isCancelProcess } from './cancelFlow.ts';

describe('cancel flow', () => {
  it("a status of 'cancel' is always cancel_Termination, whatever the plan", () => {
    expect(cancelProcess({ cancelStatus: 'cancel', sequence: 3, isPromo: false })).toBe('cancel_Termination');
    expect(cancelProcess({ cancelStatus: 'cancel', sequence: 1, isPromo: true })).toBe('cancel_Termination');
  });

  it('a non-promo plan of sequence 2 or more chooses between downgrade and cancel', () => {
    expect(cancelProcess({ cancelStatus: 'active', sequence: 2, isPromo: false })).toBe('downgrade');
    expect(cancelProcess({ cancelStatus: 'active', sequence: 4, isPromo: false })).toBe('downgrade');
    expect(cancelProcess({ cancelStatus: 'none', sequence: 3, isPromo: false })).toBe('downgrade');
  });

  it('everything else confirms the termination: promo plans, low sequences, no plan', () => {
    expect(cancelProcess({ cancelStatus: 'active', sequence: 3, isPromo: true })).toBe('confirm_Termination');
    expect(cancelProcess({ cancelStatus: 'active', sequence: 1, isPromo: false })).toBe(
      'confirm_Termination',
    );
    expect(cancelProcess({ cancelStatus: 'none', sequence: null, isPromo: false })).toBe(
      'confirm_Termination',
    );
  });

  it('reads the url parameter strictly', () => {
    expect(isCancelProcess('downgrade')).toBe(true);
    expect(isCancelProcess('cancel_Termination')).toBe(true);
    expect(isCancelProcess('confirm_termination')).toBe(false);
    expect(isCancelProcess(null)).toBe(false);
  });
});
