import {
  CONTACT_TYPES,
  type Contact,
  isPredefinedContactType,
  type PredefinedContactType,
} from '@pet/shared';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrandTextContext } from '../../../config/brand.tsx';

// The contact types of the page (issue 10): the predefined ones, always shown in their order, then the
// user's own types that this pet's contacts use.

export const VET: PredefinedContactType = 'Vet';

export interface ContactTypeGroup {
  type: string;
  predefined: boolean;
  contacts: Contact[];
}

/** One group per predefined type (empty ones too), then one per custom type in use, sorted by name. */
export function groupByType(contacts: readonly Contact[], language: string): ContactTypeGroup[] {
  const byType = new Map<string, Contact[]>();
  for (const contact of contacts) {
    const list = byType.get(contact.contact_type) ?? [];
    list.push(contact);
    byType.set(contact.contact_type, list);
  }
  const predefined = CONTACT_TYPES.map((type) => ({
    type,
    predefined: true,
    contacts: byType.get(type) ?? [],
  }));
  const custom = [...byType.keys()]
    .filter((type) => !isPredefinedContactType(type))
    .sort((a, b) => a.localeCompare(b, language, { sensitivity: 'base' }))
    .map((type) => ({ type, predefined: false, contacts: byType.get(type) ?? [] }));
  return [...predefined, ...custom];
}

/** A type's label: the predefined ones in the UI language (dog wording where the brand has it), custom as typed. */
export function useContactTypeLabel(): (type: string) => string {
  const { t } = useTranslation('contacts');
  const textContext = useBrandTextContext();
  return useCallback(
    (type: string) => (isPredefinedContactType(type) ? t(`types.${type}`, textContext) : type),
    [t, textContext],
  );
}

/**
 * The type a typed "new type" means: a predefined type when it names one (its key or its label, any case),
 * an existing custom type when it is one spelled differently, else the text as typed (trimmed).
 */
export function resolveContactType(
  typed: string,
  label: (type: string) => string,
  customTypes: readonly string[],
): string {
  const text = typed.trim();
  const same = (a: string) => a.localeCompare(text, undefined, { sensitivity: 'base' }) === 0;
  const predefined = CONTACT_TYPES.find((type) => same(type) || same(label(type)));
  return predefined ?? customTypes.find(same) ?? text;
}

/** A contact as the page names it, in its row and in the delete confirmation: "Dr. Paul Sommer". */
export function contactDisplayName(contact: Pick<Contact, 'title' | 'name'>): string {
  return contact.title ? `${contact.title} ${contact.name}` : contact.name;
}
