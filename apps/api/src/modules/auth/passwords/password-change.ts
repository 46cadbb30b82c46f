import type { ChangePasswordRequest } from '@pet/shared';
import { inTransaction } from '../../../db/transaction.ts';
import { badRequest } from '../../../lib/errors.ts';
import type { AppContext } from '../../../plugins/app-context.ts';
import type { AuthUser } from '../auth.plugin.ts';
import { deleteOtherSessions, findCredentialHash, replaceCredentialHash } from '../auth.repo.ts';
import { COMMON_PASSWORD_ERROR, isCommonPassword } from './common-passwords.ts';
import { hashPassword, verifyPassword } from './password.ts';

// POST /v1/auth/password/change (issue 15): the spec's re-authentication before a password change. Done here
// rather than through better-auth's /change-password, which ends every session and hands out a new one: the
// device that made the change keeps its own session (its "stay signed in" choice, a bearer client's token),
// and every other session of the user ends in the transaction that stores the new hash. The hashes are the
// same as better-auth's (password.ts through the hash pool), so sign-in reads them as before.

export type PasswordChangeDeps = Pick<AppContext, 'db' | 'hashPool' | 'throttle' | 'authMails'>;

const wrongOldPassword = () => badRequest({ oldpassword: 'Invalid_Password_Text' });

export async function changePassword(
  deps: PasswordChangeDeps,
  user: AuthUser,
  sessionId: string,
  input: ChangePasswordRequest,
): Promise<void> {
  if (isCommonPassword(input.newpassword)) throw badRequest({ newpassword: COMMON_PASSWORD_ERROR });
  // An account without a password (Google only) has nothing to re-authenticate with.
  const stored = await findCredentialHash(deps.db, user.id);
  if (!stored) throw wrongOldPassword();
  const { hashPool } = deps;
  const matches = await hashPool.run(() => verifyPassword({ hash: stored, password: input.oldpassword }));
  if (!matches) throw wrongOldPassword();
  const next = await hashPool.run(() => hashPassword(input.newpassword));

  await inTransaction(deps.db, async (tx) => {
    // Conditional on the hash just checked: of two concurrent changes only one passes its old password.
    if (!(await replaceCredentialHash(tx, user.id, stored, next))) throw wrongOldPassword();
    await deleteOtherSessions(tx, user.id, sessionId);
  });
  // The owner proved the password: the count of wrong ones ends, as after a reset.
  await deps.throttle.cleared(user.email);
  deps.authMails.passwordChanged(user);
}
