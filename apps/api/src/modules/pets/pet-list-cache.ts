import { createHash } from 'node:crypto';

// GET /v1/pet's answers as sent, kept by this process with the version of the user's pet list they were read
// at (db/schema/pets.ts, petListVersions). The version lives in the database and every write to the list
// raises it in the writing transaction (migration 0017), so an answer is sent again only while the database
// still says nothing changed, whichever process wrote: this is a copy, never the truth, and a process that
// restarts with nothing kept only reads again. Bounded: the least recently used answer goes first, and a
// long list is not kept at all (it costs the database more than its answer costs to build).

/** Answers kept at the most: 16 MB at the largest answer kept (twice that for text beyond Latin-1). */
const MAX_ANSWERS = 2_000;
/** Characters of the largest answer kept (three pets with a year of weights take about 2,300). */
const MAX_ANSWER_LENGTH = 8_192;

export interface KeptPetList {
  /** Whose list: a kept answer is sent only to the user it was read for. */
  userId: string;
  version: number;
  /** When the answer stops standing whatever its version (a membership's end), ms since the epoch; null: never. */
  ends: number | null;
  /** The answer's JSON. */
  body: string;
}

/** Kept answers by session: the key is a hash of the session token, so the tokens are not kept. */
export class PetListCache {
  private readonly answers = new Map<string, KeptPetList>();

  static keyOf(token: string): string {
    return createHash('sha256').update(token).digest('base64url');
  }

  get size(): number {
    return this.answers.size;
  }

  get(key: string): KeptPetList | undefined {
    const kept = this.answers.get(key);
    if (kept) {
      // Most recently used last: Map keeps insertion order.
      this.answers.delete(key);
      this.answers.set(key, kept);
    }
    return kept;
  }

  keep(key: string, answer: KeptPetList): void {
    this.answers.delete(key);
    if (answer.body.length > MAX_ANSWER_LENGTH) return;
    this.answers.set(key, answer);
    if (this.answers.size > MAX_ANSWERS) {
      const oldest = this.answers.keys().next().value;
      if (oldest !== undefined) this.answers.delete(oldest);
    }
  }
}
