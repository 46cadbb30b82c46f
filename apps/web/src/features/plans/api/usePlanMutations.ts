import { useMutation } from '@tanstack/react-query';
import { applyActivationCode } from './plans.ts';

// The plan writes; a failure is reported once, by the query client's MutationCache. What follows a redeemed
// code (myinfo, the next page) is the screen's: it differs between the activation page and sign-up.

export const planMutationKeys = { activate: ['plans', 'activate'] } as const;

/** POST /v1/subscription/change/apply: answers the user's new myinfo (or null). */
export function useActivateProduct() {
  return useMutation({ mutationKey: planMutationKeys.activate, mutationFn: applyActivationCode });
}
