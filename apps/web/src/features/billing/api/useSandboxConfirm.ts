import { useMutation } from '@tanstack/react-query';
import { sandboxConfirm } from './billing.ts';
import { billingMutationKeys } from './billingKeys.ts';

/** POST /v1/sandbox/payment_intents/{id}/confirm: the sandbox's card or IBAN for the order's payment. */
export function useSandboxConfirm() {
  return useMutation({ mutationKey: billingMutationKeys.sandboxConfirm, mutationFn: sandboxConfirm });
}
