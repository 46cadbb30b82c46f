import type { DocumentList } from '@pet/shared';
import { type Decision, isUnlimitedDocuments, mayAddDocument } from '@pet/shared/entitlements';
import { usePlan } from '../../../lib/plan/usePlan.ts';

export interface DocumentPermission {
  decision: Decision;
  /** The owner's documents across all pets and the plan's limit, as the list answered them. */
  total: number;
  limit: number;
  unlimited: boolean;
}

/**
 * Whether one more document may be added: the shared rule with the count and the documents_limit the list
 * answered (the owner's documents across pets and both hubs), and the plan from myinfo for the message
 * (Basic_ while an upgrade is offered, Premium_ at the top). Null while either is still loading: the plus
 * waits, no limit message flashes.
 */
export function useDocumentPermission(list: DocumentList | undefined): DocumentPermission | null {
  const { brand, plan, isPending } = usePlan();
  if (isPending || !list) return null;
  return {
    decision: mayAddDocument(brand, { ...plan, documents_limit: list.limit }, list.total),
    total: list.total,
    limit: list.limit,
    unlimited: isUnlimitedDocuments(list.limit),
  };
}
