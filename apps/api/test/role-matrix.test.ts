import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, expect, test } from 'vitest';
import { householdMembers } from '../src/db/schema/household.ts';
import { roleAllows } from '../src/modules/household/pet-access.ts';
import type { TestUser } from './support/accounts.ts';
import { addMembership } from './support/household.ts';
import { ID_KINDS, REQUEST_BODIES } from './support/id-kinds.ts';
import { operationsOf, operationUrl } from './support/openapi-operations.ts';
import {
  casesOf,
  createWorld,
  type MatrixWorld,
  type OperationPlan,
  planOperation,
  send,
  snapshotOf,
  summaryOf,
} from './support/ownership-matrix.ts';
import { OWN_RULE_REFUSALS, PET_KINDS, personalIds, ROUTE_ACTIONS } from './support/pet-roles.ts';
import { useTestApp } from './support/test-app.ts';

// The role matrix (issue 45): every operation of the OpenAPI document that takes an id of a pet's things,
// called with the owner's ids by each person around the pet: a co-owner and a sitter of its household, a
// former member (joined, then left) and a stranger. The former member and the stranger must get exactly the
// answer of a missing id; a member whose role the route's rule (support/pet-roles.ts) allows must succeed,
// one it does not allow must get 403 FORBIDDEN_FOR_ROLE; and no refused call may change the owner's data.
// The operations come from the running app's document: a new per-pet route without a rule fails the first
// test. (The owner's own calls are the ownership matrix's: test/ownership-matrix.test.ts.)

// Long-running (20 s): every per-pet operation, the writes each with a household of its own (started first:
// vitest.config.ts).

const t = useTestApp();
let stranger: TestUser;
beforeAll(async () => {
  stranger = await t.user({ plan: 'premium' });
});

function perPetPlans(): OperationPlan[] {
  return operationsOf(t.app).flatMap((operation) => {
    const result = planOperation(operation, ID_KINDS, REQUEST_BODIES);
    if (result.status !== 'plan') return [];
    return Object.values(result.plan.ids).some((kind) => PET_KINDS.has(kind)) ? [result.plan] : [];
  });
}

test('every route about a pet’s things has a role rule, and every rule a route', () => {
  const labels = perPetPlans().map((plan) => plan.operation.label);
  expect(labels.length, 'per-pet routes found in the OpenAPI document').toBeGreaterThanOrEqual(30);
  const missing = labels.filter((label) => !(label in ROUTE_ACTIONS));
  expect(missing, 'per-pet routes without an entry in ROUTE_ACTIONS (test/support/pet-roles.ts)').toEqual([]);
  const stale = Object.keys(ROUTE_ACTIONS).filter((label) => !labels.includes(label));
  expect(stale, 'ROUTE_ACTIONS entries that name no per-pet route').toEqual([]);
});

test('each person around the pet gets what the route’s rule says, and a refusal changes nothing', async () => {
  // Reads share one household (they change nothing); every other operation gets its own.
  let readers: Household | undefined;
  for (const plan of perPetPlans()) {
    if (plan.operation.method !== 'GET') {
      await checkOperation(plan, await household());
      continue;
    }
    readers ??= await household();
    await checkOperation(plan, readers);
  }
}, 300_000);

type Person = 'co-owner' | 'sitter' | 'former member' | 'stranger';
type Household = { world: MatrixWorld; people: Record<Person, TestUser> };

/**
 * An owner with every kind of thing (seeded through the API as the ownership matrix does), and the people
 * around the first pet: memberships written to the database (invitations are household.test.ts's), the
 * former member's row gone again.
 */
async function household(): Promise<Household> {
  const owner = await t.user({ plan: 'premium', name: 'Olga Owner' });
  const world = createWorld(t, owner, ID_KINDS);
  const [petId] = await world.ids('pet');
  const people: Record<Person, TestUser> = {
    'co-owner': await t.user({ plan: 'premium' }),
    sitter: await t.user({ plan: 'premium' }),
    'former member': await t.user({ plan: 'premium' }),
    stranger,
  };
  await addMembership(t, petId!, people['co-owner'].id, 'co-owner');
  await addMembership(t, petId!, people.sitter.id, 'sitter');
  const formerId = await addMembership(t, petId!, people['former member'].id, 'co-owner');
  await t.database.db.delete(householdMembers).where(eq(householdMembers.id, formerId));
  return { world, people };
}

async function checkOperation(plan: OperationPlan, { world, people }: Household): Promise<void> {
  const { operation } = plan;
  const action = ROUTE_ACTIONS[operation.label]!;
  // A read changes nothing (the ownership matrix reads the snapshots around every operation): only writes.
  const writes = operation.method !== 'GET';
  const before = writes ? await snapshotOf(world, ID_KINDS) : undefined;
  const body = await REQUEST_BODIES[operation.label]?.(world);
  const personal = new Set(
    (await Promise.all(Object.values(plan.ids).map((kind) => personalIds(world, kind)))).flat(),
  );
  const cases = (await casesOf(plan, world)).map((c) => ({
    label: `${operation.method} ${c.label}`,
    owned: operationUrl(operation, c.owned),
    missing: operationUrl(operation, c.missing),
    personal: Object.values(c.owned).some((id) => personal.has(id)),
  }));
  const roleOf = (person: Person) =>
    person === 'co-owner' || person === 'sitter' ? (person as 'co-owner' | 'sitter') : null;
  const allowed = (person: Person, personalCase: boolean) => {
    const role = roleOf(person);
    return role !== null && !personalCase && roleAllows(role, action);
  };

  // Refusals first (they must change nothing), then the calls the rule allows (which may change things).
  const order: Person[] = ['stranger', 'former member', 'sitter', 'co-owner'];
  const allowedCalls: Array<() => Promise<void>> = [];
  for (const c of cases) {
    for (const person of order) {
      const user = people[person];
      const run = async () => {
        const theirs = await send(t, user, operation.method, c.owned, body);
        const unknown = await send(t, user, operation.method, c.missing, body);
        judge(person, c, theirs, unknown);
      };
      if (allowed(person, c.personal)) allowedCalls.push(run);
      else await run();
    }
  }
  if (writes) {
    expect
      .soft(await snapshotOf(world, ID_KINDS), `${operation.label}: the owner’s data after the refused calls`)
      .toEqual(before);
  }
  for (const run of allowedCalls) await run();

  function judge(
    person: Person,
    c: { label: string; personal: boolean },
    theirs: LightMyRequestResponse,
    unknown: LightMyRequestResponse,
  ) {
    const label = `${c.label} as ${person}`;
    // The id plays no part in this variant (file_for=user ignores pet_id): nothing to tell apart.
    if (unknown.statusCode < 300) return;
    if (roleOf(person) === null || c.personal) {
      expect.soft(summaryOf(theirs), `${label}: answers like a missing id`).toEqual(summaryOf(unknown));
    } else if (allowed(person, c.personal) && OWN_RULE_REFUSALS[operation.label]) {
      expect
        .soft(
          { status: theirs.statusCode, code: theirs.json<{ code?: string }>().code },
          `${label}: its own rule`,
        )
        .toEqual(OWN_RULE_REFUSALS[operation.label]);
    } else if (allowed(person, c.personal)) {
      expect.soft(theirs.statusCode, `${label}: allowed (${theirs.body.slice(0, 200)})`).toBeLessThan(300);
    } else {
      expect
        .soft({ status: theirs.statusCode, code: theirs.json<{ code?: string }>().code }, `${label}: refused`)
        .toEqual({ status: 403, code: 'FORBIDDEN_FOR_ROLE' });
    }
  }
}
