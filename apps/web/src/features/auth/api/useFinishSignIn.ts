import type { BrandConfig } from '@pet/shared/brands';
import { paths } from '@pet/shared/paths';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useBrand } from '../../../config/brand.tsx';
import { safeContinueUrl } from '../../../config/continueUrl.ts';
import { ApiError } from '../../../lib/api/ApiError.ts';
import { fetchMyInfo, myInfoQueryKey } from '../../../lib/session/myInfo.ts';
import { clearSignOutRedirect, signOut } from '../../../lib/session/signOut.ts';
import { mustActivateProduct, setSignInPending } from '../../../lib/session/visibility.ts';

const AUTH_PAGES: readonly string[] = [
  paths.signin,
  paths.register,
  paths.forgotPassword,
  paths.resetPassword,
];

/** Where a continueUrl may lead after sign-in: a page of this site that is not itself a sign-in page. */
export function continueTarget(continueUrl: string | null): string {
  const safe = safeContinueUrl(continueUrl);
  if (!safe) return paths.dashboard;
  const path = safe.split(/[?#]/)[0] ?? '';
  return AUTH_PAGES.includes(path) ? paths.dashboard : safe;
}

/**
 * After the sign-in service accepted the user (spec 1 section 4, Sign-in): load the profile; an unverified
 * e-mail signs out again; a brand that holds users without a product sends them to activation with the side
 * bar hidden; everyone else goes to continueUrl or /dashboard.
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
  return mustActivateProduct(brand, me) ? paths.activateProduct : continueTarget(continueUrl);
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
