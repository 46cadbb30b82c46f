import { emailField, termsAcceptedField } from '@pet/shared';
import { z } from 'zod';

/** The checkout's billing address and the terms box (the e-mail follows the shared rules). */
export const billingAddressSchema = z.object({
  name: z.string().trim().min(1, 'Name_Error').max(100, 'Max_Length_Error'),
  email: emailField,
  street: z.string().trim().max(120, 'Max_Length_Error'),
  zipcode: z.string().trim().max(20, 'Max_Length_Error'),
  city: z.string().trim().max(100, 'Max_Length_Error'),
  country: z.string().nullable(),
  phone: z.string().trim().max(40, 'Max_Length_Error'),
  terms: termsAcceptedField,
});
export type BillingAddressInput = z.input<typeof billingAddressSchema>;
export type BillingAddressValues = z.output<typeof billingAddressSchema>;
