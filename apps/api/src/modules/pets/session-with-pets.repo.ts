import { Column, eq, is, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { sessions } from '../../db/schema/auth.ts';
import { petListVersions } from '../../db/schema/pets.ts';
import { qualified } from '../../db/sql.ts';
import type { FoundSession } from '../auth/sessions/found-session.ts';
import { sessionsWithUsers, tokenParameter } from '../auth/sessions/session-lookup.ts';
import { type PetWithImage, petColumns, petsOf, type SelectedPet, withWeights } from './pets.repo.ts';

/** The version of the session user's pet list (db/schema/pets.ts, petListVersions): 0 before its first write. */
const listVersion = sql<number>`coalesce(${petListVersions.version}, 0)`;

/**
 * GET /v1/pet's read fused with the session check (modules/auth/sessions/session-read.ts): the session by its
 * token, its user, the version of the user's pet list, and the user's pets as listPets reads them (the same
 * `petsOf`, scoped to the session's user) as one JSON list, in one statement prepared per database. The pets
 * only when the version is not `knownVersion` (the one of an answer the process kept): then the database
 * skips the list, and nothing of it is sent, parsed or converted. One row, whatever the number of pets, and
 * the list parsed natively instead of mapped column by column (which cost a tenth of the request's time when
 * the pets were joined as rows).
 */
const sessionWithPetsPrepared = preparedPerDatabase((db) => {
  const owned = petsOf(db, qualified(sessions.userId)).as('owned');
  const list = sql<
    Record<string, unknown>[] | null
  >`case when ${listVersion} = ${sql.placeholder('knownVersion')}
    then null
    else coalesce((select json_agg(owned order by owned.created_at, owned.id) from ${owned}), '[]'::json)
  end`;
  // A membership's last day changes the list without a write, so no version follows it: the answer is kept
  // only until the earliest one ahead (milliseconds since the epoch; null: none). Read with the list only:
  // a kept answer carries its own, and any membership change raises the version.
  const ends = sql<number | null>`case when ${listVersion} = ${sql.placeholder('knownVersion')}
    then null
    else (select extract(epoch from min(m."until")) * 1000 from "household_members" m
      where m."user_id" = ${qualified(sessions.userId)} and m."until" > now())
  end`;
  return sessionsWithUsers(db, {
    petListVersion: listVersion.mapWith(Number).as('pet_list_version'),
    petListEnds: ends.mapWith((value) => (value === null ? null : Number(value))).as('pet_list_ends'),
    pets: list.as('pets'),
  })
    .leftJoin(petListVersions, eq(petListVersions.userId, sessions.userId))
    .where(tokenParameter)
    .prepare('session_with_pets');
});

/** Each field of a pet: its name in the JSON list and how Drizzle converts its value (none for SQL fields). */
const petJsonFields = Object.entries(petColumns).map(([key, field]) =>
  is(field, Column)
    ? { key, name: field.name, convert: (value: unknown) => field.mapFromDriverValue(value) }
    : { key, name: field.fieldAlias, convert: undefined },
);

/** A pet of the JSON list as Drizzle reads its row: each column converted from its JSON value. */
function petFromJson(json: Record<string, unknown>): SelectedPet {
  const pet: Record<string, unknown> = {};
  for (const { key, name, convert } of petJsonFields) {
    const value = json[name] ?? null;
    pet[key] = convert && value !== null ? convert(value) : value;
  }
  return pet as SelectedPet;
}

/** A session with its user and the version of the user's pet list; its pets unless the version was known. */
export interface SessionWithPets {
  found: FoundSession;
  petListVersion: number;
  /** When the answer stops standing although its version does (a membership ends), ms; null: never. */
  petListEnds: number | null;
  /** Undefined when the list's version is `knownVersion`. */
  pets?: PetWithImage[];
}

/**
 * The session of `token` with GET /v1/pet's list, in one statement; undefined without such a session, or
 * inside a transaction (where the handler reads as usual).
 */
export async function findSessionWithPets(
  db: DbOrTx,
  token: string,
  knownVersion: number,
): Promise<SessionWithPets | undefined> {
  const statement = sessionWithPetsPrepared(db);
  if (!statement) return undefined;
  const [row] = await statement.execute({ token, knownVersion });
  if (!row) return undefined;
  const { pets: list, petListVersion, petListEnds, ...found } = row;
  return {
    found,
    petListVersion,
    petListEnds,
    ...(list === null ? {} : { pets: list.map((json) => withWeights(petFromJson(json))) }),
  };
}
