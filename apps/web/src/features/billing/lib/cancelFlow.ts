import type { CancelStatus } from '@pet/shared';

// Which page /my-account/cancel-subscription shows (spec 2 section 4 "Cancel flow"; ADR 0011).

export const CANCEL_PROCESSES = ['downgrade', 'confirm_Termination', 'cancel_Termination'] as const;
export type CancelProcess = (typeof CANCEL_PROCESSES)[number];

export function isCancelProcess(value: string | null): value is CancelProcess {
  return (CANCEL_PROCESSES as readonly (string | null)[]).includes(value);
}

/**
 * A cancelled subscription can only be revoked; otherwise a plan of sequence 2 or more that is not a
 * promotion may move down instead of ending; every other plan can only end.
 */
export function cancelProcess(input: {
  cancelStatus: CancelStatus;
  /** The current plan's sequence; null without a plan. */
  sequence: number | null;
  isPromo: boolean;
}): CancelProcess {
  if (input.cancelStatus === 'cancel') return 'cancel_Termination';
  if (!input.isPromo && input.sequence !== null && input.sequence >= 2) return 'downgrade';
  return 'confirm_Termination';
}
