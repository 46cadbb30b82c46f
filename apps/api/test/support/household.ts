import { randomUUID } from 'node:crypto';
import type { HouseholdRole } from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import { householdMembers } from '../../src/db/schema/household.ts';
import type { TestUser } from './accounts.ts';
import { call } from './pets.ts';
import { linksIn, sentTo } from './smtp-sink.ts';
import type { TestApp } from './test-app.ts';

// Households for API tests (the module's tests, the ownership and role matrices): an invitation sent through
// the API and its token read from the mail, and a member made by accepting it.

/** The owner invites `email`; answers the invitation's id and the token of its mail's link. */
export async function inviteToHousehold(
  t: TestApp,
  owner: Pick<TestUser, 'cookie' | 'token'>,
  petId: string,
  email: string,
  role: HouseholdRole,
  until?: string,
): Promise<{ invitationId: string; token: string }> {
  // The mail of this invitation: an address invited before has older mails in the sink.
  const before = new Set(t.sink.messages);
  const response = await call(t, owner, 'POST', `${apiPaths.householdInvite}?pet_id=${petId}`, {
    email,
    role,
    ...(until === undefined ? {} : { until }),
  });
  if (response.statusCode !== 201) throw new Error(`invite failed: ${response.statusCode} ${response.body}`);
  const invitationId = response.json<{ id: string }>().id;
  const mail = await t.sink.waitFor((m) => !before.has(m) && sentTo(email.toLowerCase())(m));
  const link = linksIn(mail).find((l) => l.includes('/household/accept?token='));
  if (!link) throw new Error(`no invitation link in the mail to ${email}`);
  return { invitationId, token: new URL(link).searchParams.get('token')! };
}

/** `member` joins the owner's pet as `role`; answers the membership's id. */
export async function joinHousehold(
  t: TestApp,
  owner: Pick<TestUser, 'cookie' | 'token'>,
  petId: string,
  member: TestUser,
  role: HouseholdRole,
  until?: string,
): Promise<string> {
  const { token } = await inviteToHousehold(t, owner, petId, member.email, role, until);
  const response = await call(t, member, 'POST', apiPaths.householdAccept, { token });
  if (response.statusCode !== 200) throw new Error(`accept failed: ${response.statusCode} ${response.body}`);
  return response.json<{ member_id: string }>().member_id;
}

/** A membership written to the database (no invitation): for tests about what members may do, not how they join. */
export async function addMembership(
  t: TestApp,
  petId: string,
  userId: string,
  role: HouseholdRole,
): Promise<string> {
  const id = randomUUID();
  await t.database.db.insert(householdMembers).values({ id, petId, userId, role, createdAt: new Date() });
  return id;
}
