import { SESSION_SHORT_SECONDS } from '@pet/shared';
import { APIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { users } from '../../../db/schema/index.ts';
import { deletionPending } from '../../account-deletion/deletion.repo.ts';

// "Stay signed in" (DESIGN.md). On: a 30-day session, extended while it is used. Off: better-auth already
// gives the cookie no expiry (it ends with the browser) and the session one day; these hooks mark such a
// session (`rememberMe` false) and keep its refresh from ever extending it, which better-auth would
// otherwise do for a request that carries the token without the "don't remember" cookie (a bearer call).

interface HookContext {
  path?: string;
  body?: unknown;
  context?: { session?: { session?: Record<string, unknown> } | null };
}

function askedNotToRemember(context: HookContext | null): boolean {
  const body = context?.body;
  return typeof body === 'object' && body !== null && (body as { rememberMe?: unknown }).rememberMe === false;
}

export function shortSessionExpiry(now = Date.now()): Date {
  return new Date(now + SESSION_SHORT_SECONDS * 1000);
}

/** The answer to a sign-in (any kind: password, magic link, one-time token, Google) while a deletion is pending. */
export const DELETION_PENDING_CODE = 'ACCOUNT_DELETION_PENDING';

export function sessionHooks(db: Db) {
  return {
    create: {
      async before(session: { expiresAt: Date; userId: string }, context: HookContext | null) {
        // The account is being deleted (issue 15): no new session, whatever the way in.
        if (await deletionPending(db, session.userId)) {
          throw new APIError('FORBIDDEN', {
            code: DELETION_PENDING_CODE,
            message: 'Account_Deletion_Pending_Text',
          });
        }
        if (!askedNotToRemember(context)) return;
        const cap = shortSessionExpiry();
        const expiresAt = new Date(Math.min(session.expiresAt.getTime(), cap.getTime()));
        return { data: { rememberMe: false, expiresAt } };
      },
      async after(session: { userId: string; rememberMe?: unknown }, context: HookContext | null) {
        // The choice made at sign-in is the one the settings switch shows.
        if (context?.path !== '/sign-in/email') return;
        await db
          .update(users)
          .set({ stayLoggedIn: session.rememberMe !== false })
          .where(eq(users.id, session.userId));
      },
    },
    update: {
      async before(data: { expiresAt?: Date }, context: HookContext | null) {
        if (!data.expiresAt) return;
        const current = context?.context?.session?.session;
        if (current?.rememberMe !== false) return;
        return { data: { ...data, expiresAt: current.expiresAt as Date } };
      },
    },
  };
}
