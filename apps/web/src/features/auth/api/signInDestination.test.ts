import type { MyInfo } from '@pet/shared';
import { BRAND_IDS, brandConfig } from '@pet/shared/brands';
import { describe, expect, it, vi } from 'vitest';
import { fakeMyInfo } from '../../../test/fetchMock.ts';
import { fakeProduct } from '../../../test/plans.ts';
import { signInDestination } from './useFinishSignIn.ts';

// Spec 1 section 4, "Sign-in": the one rule of where a signed-in user goes, for every brand.

const me = (overrides: Record<string, unknown>) => fakeMyInfo(overrides) as unknown as MyInfo;
const answer = (message: string) => vi.fn(async () => ({ message }));
const HOLDS = new Set(['hunde-schutz']);

describe.each(BRAND_IDS)('sign-in transition on %s', (id) => {
  const brand = brandConfig(id);

  it('with a product and an associated product: continueUrl or /dashboard, no verifyemail', async () => {
    const verify = answer('verified');
    const user = me({ product: fakeProduct(), product_associated: true });
    expect(await signInDestination(brand, user, null, verify)).toBe('/dashboard');
    expect(await signInDestination(brand, user, '/my-account/bills', verify)).toBe('/my-account/bills');
    expect(verify).not.toHaveBeenCalled();
  });

  it('an invitation to a household comes first, held or not, and a member is not held (issue 45)', async () => {
    const verify = answer('default');
    const accept = '/household/accept?token=abc';
    for (const user of [
      me({ product: null, product_associated: false }),
      me({ product: fakeProduct(), product_associated: false }),
    ]) {
      expect(await signInDestination(brand, user, accept, verify)).toBe(accept);
    }
    expect(verify).not.toHaveBeenCalled();
    const member = me({
      product: fakeProduct(),
      product_associated: false,
      pets: [{ id: 'p', name: 'Luna', role: 'sitter', owner_name: 'Olga' }],
    });
    expect(await signInDestination(brand, member, null, verify)).toBe('/dashboard');
  });

  it('with a product not associated: activate-product only where the brand holds such users', async () => {
    const verify = answer('verified');
    const user = me({ product: fakeProduct(), product_associated: false });
    const expected = HOLDS.has(id) ? '/my-account/activate-product' : '/dashboard';
    expect(await signInDestination(brand, user, null, verify)).toBe(expected);
    expect(verify).not.toHaveBeenCalled();
  });

  it('without a product: asks verifyemail; "default" means activate-product, else on', async () => {
    const user = me({ product: null, product_associated: false });
    const held = answer('default');
    expect(await signInDestination(brand, user, null, held)).toBe('/my-account/activate-product');
    expect(held).toHaveBeenCalledOnce();
    expect(await signInDestination(brand, user, '/my-account/bills', answer('verified'))).toBe(
      '/my-account/bills',
    );
    expect(await signInDestination(brand, user, null, answer('verified'))).toBe('/dashboard');
  });

  it('a failed verifyemail fails the sign-in', async () => {
    const user = me({ product: null });
    const failing = vi.fn(async () => {
      throw new Error('down');
    });
    await expect(signInDestination(brand, user, null, failing)).rejects.toThrow('down');
  });
});
