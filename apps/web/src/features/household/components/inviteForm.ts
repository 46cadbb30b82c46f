import { zodResolver } from '@hookform/resolvers/zod';
import { type HouseholdInviteInput, type HouseholdRole, householdInviteSchema } from '@pet/shared';
import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';

// What the invite form holds, how it is checked (the shared schema, so the form and the API refuse the same
// input with the same text keys) and what it sends.

export interface InviteFormValues {
  email: string;
  role: HouseholdRole;
  /** The last day of access, dd.MM.yyyy; '' for none. */
  until: string;
}

export type InviteFormOutput = z.output<typeof householdInviteSchema>;

/** The fields the API may name in a 400's `fields` (its own address: `email`). */
export const INVITE_SERVER_FIELDS = ['email', 'role', 'until'] as const satisfies (keyof InviteFormValues)[];

export const inviteFormResolver = zodResolver(householdInviteSchema) as unknown as Resolver<
  InviteFormValues,
  unknown,
  InviteFormOutput
>;

export const emptyInviteValues = (): InviteFormValues => ({ email: '', role: 'co-owner', until: '' });

/** POST /v1/household/invite body: the last day only when one is set. */
export function invitePayload(values: InviteFormOutput): HouseholdInviteInput {
  return {
    email: values.email,
    role: values.role,
    ...(values.until ? { until: values.until } : {}),
  };
}
