import type { MyInfo } from '@pet/shared';
import type { BrandConfig } from '@pet/shared/brands';
import { createStore, useStore } from './store.ts';

/**
 * The spec's product visibility state (spec 1 section 4): donthide, hidesidebar (the user must activate a
 * product first), hideall (sign-in is finishing: the whole layout is a spinner) and Loading (the session is
 * still being fetched). hidesidebar follows from the user; hideall is set by the sign-in flow.
 */
export type ProductVisibility = 'donthide' | 'hidesidebar' | 'hideall' | 'Loading';

const signInPending = createStore(false);

export function setSignInPending(pending: boolean): void {
  signInPending.set(pending);
}

export function useSignInPending(): boolean {
  return useStore(signInPending);
}

/**
 * A brand that holds users without a product keeps them on the activation page; not a member of a household
 * (issue 45), who uses the owner's pet and plan.
 */
export function mustActivateProduct(brand: BrandConfig, me: MyInfo): boolean {
  return brand.holdWithoutProduct && !me.product_associated && !me.pets.some((pet) => pet.role !== 'owner');
}

export function productVisibility(
  brand: BrandConfig,
  me: MyInfo | null | undefined,
  pending: { loading: boolean; signingIn: boolean },
): ProductVisibility {
  if (pending.signingIn) return 'hideall';
  if (pending.loading || !me) return 'Loading';
  return mustActivateProduct(brand, me) ? 'hidesidebar' : 'donthide';
}
