import type { HouseholdHistoryEntry, HouseholdRole } from '@pet/shared';
import { useTranslation } from 'react-i18next';
import { useBrandTextContext } from '../../../config/brand.tsx';

// The words of the household screens that depend on data: a role's name and a history line.

/** A role's name ("Co-owner", "Sitter"; "Dog sitter" where the brand says dog). */
export function useRoleLabel() {
  const { t } = useTranslation('household');
  const textContext = useBrandTextContext();
  return (role: HouseholdRole) => t(`roles.${role}`, textContext);
}

/** The text key of a history line: the action's sentence, taking the entity's name where it has one. */
export function historyLineKey(entry: Pick<HouseholdHistoryEntry, 'action' | 'entity'>) {
  if (entry.action === 'revoked' && entry.entity === 'member') return 'history.line.revokedMember' as const;
  return `history.line.${entry.action}` as const;
}

/** "Anna changed a contact": the actor (or "Former member"), what was done, and to what. */
export function useHistoryLine() {
  const { t } = useTranslation('household');
  return (entry: HouseholdHistoryEntry) =>
    t(historyLineKey(entry), {
      actor: entry.actor_name ?? t('history.formerMember'),
      entity: t(`history.entities.${entry.entity}`),
    });
}
