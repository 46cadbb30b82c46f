import { useMutation } from '@tanstack/react-query';
import { sandboxChallenge } from './billing.ts';
import { billingMutationKeys } from './billingKeys.ts';

/** POST /v1/sandbox/payment_intents/{id}/challenge: the sandbox's 3-D Secure answer. */
export function useSandboxChallenge() {
  return useMutation({
    mutationKey: billingMutationKeys.sandboxChallenge,
    mutationFn: ({ clientSecret, result }: { clientSecret: string; result: 'authenticate' | 'fail' }) =>
      sandboxChallenge(clientSecret, result),
  });
}
