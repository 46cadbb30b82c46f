import type { MyInfo } from '@pet/shared';
import type { BrandConfig } from '@pet/shared/brands';
import { AUTH_PAGES, paths } from '@pet/shared/paths';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useBrand } from '../../../config/brand.tsx';
import { safeContinueUrl } from '../../../config/continueUrl.ts';
import { ApiError } from '../../../lib/api/ApiError.ts';
import { fetchMyInfo, myInfoQueryKey } from '../../../lib/session/myInfo.ts';
import { clearSignOutRedirect, signOut } from '../../../lib/session/signOut.ts';
import { mustActivateProduct, setSignInPending } from '../../../lib/session/visibility.ts';
import { verifyEmailAfterSignIn } from './authApi.ts';

/** Where a continueUrl may lead after sign-in: a page of this site that is not itself a sign-in page. */
export function continueTarget(continueUrl: string | null): string {
  const safe = safeContinueUrl(continueUrl);
  if (!safe) return paths.dashboard;
  const path = safe.split(/[?#]/)[0] ?? '';
  return AUTH_PAGES.includes(path) ? paths.dashboard : safe;
}

/**
 * The spec's sign-in transition (spec 1 section 4, "Sign-in"), the one place it is decided. A user with a
 * product goes to activate-product when the brand holds users without an associated product (hunde-schutz:
 * there the side bar stays hidden, visibility.ts), else on. A user without a product (the e-mail is verified
 * by now) asks POST /v1/auth/verifyemail: a message containing "default" means activate-product. "On" is
 * the continueUrl when it is a page of this site, else /dashboard.
 */
export async function signInDestination(
  brand: BrandConfig,
  me: MyInfo,
  continueUrl: string | null,
  verifyEmail: () => Promise<{ message: string }>,
): Promise<string> {
  // Joining a household comes first (issue 45): a member is not held on activation afterwards.
  const target = continueTarget(continueUrl);
  if (target.split('?')[0] === paths.householdAccept) return target;
  if (me.product) return mustActivateProduct(brand, me) ? paths.activateProduct : continueTarget(continueUrl);
  const { message } = await verifyEmail();
  return message.includes('default') ? paths.activateProduct : continueTarget(continueUrl);
}

/**
 * After the sign-in service accepted the user: load the profile; an unverified e-mail signs out again (the
 * caller shows the dialog); then the transition of `signInDestination`.
 */
export async function completeSignIn(
  queryClient: QueryClient,
  brand: BrandConfig,
  continueUrl: string | null,
): Promise<string> {
  const me = await fetchMyInfo();
  if (!me) throw new ApiError(401, 'UNAUTHORIZED', 'Signin_Failed_Text');
  if (!me.emailVerified) {
    await signOut(queryClient);
    throw new ApiError(403, 'EMAIL_NOT_VERIFIED', 'Email_Verification_Failed_Text');
  }
  queryClient.setQueryData(myInfoQueryKey, me);
  try {
    return await signInDestination(brand, me, continueUrl, verifyEmailAfterSignIn);
  } catch (error) {
    // Spec 1 section 4: a failure on the way signs the user out again; the form shows the dialog.
    await signOut(queryClient);
    throw error;
  }
}

/** Runs completeSignIn in the hideall state and navigates; on failure the state is left again. */
export function useFinishSignIn() {
  const queryClient = useQueryClient();
  const brand = useBrand();
  const navigate = useNavigate();
  return useCallback(
    async (continueUrl: string | null) => {
      setSignInPending(true);
      clearSignOutRedirect();
      try {
        const target = await completeSignIn(queryClient, brand, continueUrl);
        navigate(target, { replace: true });
      } catch (error) {
        setSignInPending(false);
        throw error;
      }
    },
    [queryClient, brand, navigate],
  );
}
