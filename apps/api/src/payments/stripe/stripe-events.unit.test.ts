import type Stripe from 'stripe';
import { describe, expect, test } from 'vitest';
import { methodLabel } from './stripe-events.ts';

describe('methodLabel', () => {
  const method = (fields: Record<string, unknown>) => fields as unknown as Stripe.PaymentMethod;

  test('names the card brand as cardholders read it, with the last four digits only', () => {
    expect(methodLabel(method({ type: 'card', card: { brand: 'visa', last4: '4242' } }))).toBe(
      'Visa •••• 4242',
    );
    expect(methodLabel(method({ type: 'card', card: { brand: 'amex', last4: '8431' } }))).toBe(
      'American Express •••• 8431',
    );
    expect(methodLabel(method({ type: 'card', card: { brand: 'unknown', last4: '0005' } }))).toBe(
      'Card •••• 0005',
    );
  });

  test('names a SEPA debit by its country and last four digits', () => {
    expect(methodLabel(method({ type: 'sepa_debit', sepa_debit: { country: 'DE', last4: '3000' } }))).toBe(
      'SEPA DE •••• 3000',
    );
    expect(methodLabel(method({ type: 'sepa_debit', sepa_debit: { country: null, last4: '3000' } }))).toBe(
      'SEPA •••• 3000',
    );
  });

  test('says nothing for other methods or missing details', () => {
    expect(methodLabel(method({ type: 'paypal', paypal: {} }))).toBeNull();
    expect(methodLabel(method({ type: 'card', card: null }))).toBeNull();
  });
});
