import { perDatabase } from '../../db/prepared.ts';
import type { SessionRead } from '../auth/sessions/session-read.ts';
import { PetListCache } from './pet-list-cache.ts';
import type { PetWithImage } from './pets.repo.ts';
import { findSessionWithPets } from './session-with-pets.repo.ts';

// GET /v1/pet's list read with the session check (the route's `sessionRead`, modules/auth/sessions/
// session-read.ts), in one statement, which also says whether the answer this process kept for the session
// still stands (pet-list-cache.ts): then nothing of the list is read, sent, converted or serialized.

/** What the handler gets: the answer kept for the list's current version, or the rows and where to keep it. */
export type PetListRead = { kept: string } | { rows: PetWithImage[]; keep(body: string): void };

/** One cache per database: tests run many apps, each on its own database, in one process. */
const cacheOf = perDatabase(() => new PetListCache());

export const petsWithSession: SessionRead<PetListRead> = {
  applies: (request) => (request.query as { pet_id?: unknown }).pet_id === undefined,
  async read(db, token) {
    const cache = cacheOf(db);
    const key = PetListCache.keyOf(token);
    const stored = cache.get(key);
    // A kept answer past a membership's end is not used: its version still stands, the list does not.
    const kept = stored && (stored.ends === null || Date.now() < stored.ends) ? stored : undefined;
    // -1: no version is known, the list is read.
    const read = await findSessionWithPets(db, token, kept?.version ?? -1);
    if (!read) return undefined;
    const { found, petListVersion, petListEnds, pets } = read;
    if (!pets) {
      // The version is the kept one's. A token is one user's for its whole life; the check costs nothing.
      return kept && kept.userId === found.user.id ? { found, answer: { kept: kept.body } } : undefined;
    }
    const keep = (body: string) =>
      cache.keep(key, { userId: found.user.id, version: petListVersion, ends: petListEnds, body });
    return { found, answer: { rows: pets, keep } };
  },
};
