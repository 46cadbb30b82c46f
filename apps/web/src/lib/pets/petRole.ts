import type { PetRole } from '@pet/shared';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { myInfoQuery } from '../session/myInfo.ts';
import { petQuery } from './petQueries.ts';

// What the user's role with a pet allows (issue 45; the API enforces the same and answers 403
// FORBIDDEN_FOR_ROLE): the owner does everything, a co-owner everything but deleting the pet, its household,
// its share links and its emergency tag, a sitter only reads. The screens hide what a role cannot do.

/** Adds, edits and deletes the pet's profile, weights, picture, contacts, medical data, appointments, documents. */
export function canWrite(role: PetRole | undefined): boolean {
  return role !== 'sitter';
}

/** Deletes the pet, manages its household, share links and emergency tag, chooses what sitters see. */
export function isOwner(role: PetRole | undefined): boolean {
  return role === undefined || role === 'owner';
}

/**
 * The user's role with a pet, from the pet the per-pet page has already read (PetRoute, PetBanner): only the
 * cache is read, nothing is asked. Unknown (not read yet) counts as the owner's: the per-pet pages render
 * their pieces only after PetRoute read the pet, and the API refuses what a role may not do anyway.
 */
export function usePetRole(petId: string): PetRole {
  const pet = useQuery({ ...petQuery(petId), enabled: false });
  return pet.data?.role ?? 'owner';
}

/**
 * The roles of the user's pets by id, from myinfo's pets the layout has read, for lists that mix pets (all
 * appointments). A pet not in it counts as the owner's.
 */
export function usePetRoles(): (petId: string) => PetRole {
  const me = useQuery({ ...myInfoQuery, enabled: false });
  return (petId) => me.data?.pets.find((pet) => pet.id === petId)?.role ?? 'owner';
}

/**
 * On a pet shared with the user the owner's plan decides what may be added (the API checks it); the user's
 * own plan says nothing there. Answers whether the page's pet (the route's `:id`) is someone else's.
 */
export function useOnSharedPet(): boolean {
  const { id } = useParams();
  const roleOf = usePetRoles();
  return id !== undefined && roleOf(id) !== 'owner';
}
