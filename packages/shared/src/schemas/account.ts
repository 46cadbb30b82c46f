import { z } from 'zod';
import { LEGAL_DOCUMENTS } from '../domain/account.ts';
import { passwordField } from './common.ts';

// The account's own calls (issue 15): changing the password, deleting the account, exporting its data.

/** POST /v1/auth/password/change (spec 2 section 7: payload oldpassword and newpassword). */
export const changePasswordRequestSchema = z.object({
  oldpassword: passwordField,
  newpassword: passwordField,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** The change-password form (spec 2 section 5): the request plus the confirmation, which stays in the browser. */
export const changePasswordFormSchema = changePasswordRequestSchema
  .extend({ confirmpassword: z.string().min(1, 'Confirm_Password_Error') })
  .refine((v) => v.newpassword === v.confirmpassword, {
    path: ['confirmpassword'],
    message: 'Match_Password_Text',
  });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

/** DELETE /v1/auth/deleteuseracc?user_id= (only the signed-in user's own id; any other answers 404). */
export const deleteAccountQuerySchema = z.object({ user_id: z.string().trim().min(1) });

/** The deletion is requested: it takes effect at the next sign-out, or at `deletes_at` at the latest. */
export const deleteAccountResponseSchema = z.object({
  /** ISO instant: the request plus ACCOUNT_DELETION_HOURS. */
  deletes_at: z.string(),
});
export type DeleteAccountResponse = z.infer<typeof deleteAccountResponseSchema>;

export const exportPreparingSchema = z.object({ status: z.literal('preparing') });

/** GET /v1/legal/{document}?language=: the brand's Markdown text. */
export const legalDocumentResponseSchema = z.object({
  document: z.enum(LEGAL_DOCUMENTS),
  language: z.enum(['en', 'de']),
  markdown: z.string(),
});
