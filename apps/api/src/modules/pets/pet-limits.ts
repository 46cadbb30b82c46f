import type { BrandConfig } from '@pet/shared';
import type { DbOrTx } from '../../db/client.ts';
import { assertMayAddPet as assertPlanAllowsPet } from '../plans/entitlements.service.ts';
import { countPets, lockUser } from './pets.repo.ts';

// The one seam between pets and the plans: may this user add a pet now? Call inside the insert's
// transaction. The user's row is locked first, so two concurrent adds by one user run one after the other
// and the second counts the first's pet; the entitlements service (modules/plans) then decides with the
// plan's pets_limit and throws 403 LIMIT_REACHED with the text key.

export async function assertMayAddPet(tx: DbOrTx, brand: BrandConfig, userId: string): Promise<void> {
  await lockUser(tx, userId);
  await assertPlanAllowsPet(tx, brand, userId, () => countPets(tx, userId));
}
