import type { ActivateProductInput, MyInfo } from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import { ApiError } from '../../../lib/api/ApiError.ts';
import { apiFetch } from '../../../lib/api/client.ts';

// The plan calls of spec 2 section 7: redeeming an activation code. The brand's product list is the app's one
// query of it, lib/plan/productList.ts.

function isMyInfo(value: unknown): value is MyInfo {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.id === 'string' && typeof v.email === 'string' && 'product' in v;
}

/**
 * POST /v1/subscription/change/apply. Answers the user's new myinfo (null when the answer carries none); a
 * 204 means the code was not found (No_Content_Tex) and is thrown like the other refusals.
 */
export async function applyActivationCode(input: ActivateProductInput): Promise<MyInfo | null> {
  const answer = await apiFetch<unknown>(apiPaths.applyActivationCode, { method: 'POST', body: input });
  if (answer === undefined) throw new ApiError(204, 'NO_CONTENT', 'No_Content_Tex');
  return isMyInfo(answer) ? answer : null;
}
