import { describe, expect, test } from 'vitest';
import type { TestUser } from '../../../test/support/accounts.ts';
import { medicalBody } from '../../../test/support/medical.ts';
import { addPet, appointmentBody, call, onPlan } from '../../../test/support/pets.ts';
import { useTestApp } from '../../../test/support/test-app.ts';

// After a paid plan ends (ADR 0011 "After the end: limits, not deletion") the user is on the brand's default
// plan with more than it allows: pets beyond its pets_limit, appointments and medical data it does not
// offer. They stay readable and deletable; adding is refused by the existing checks.

const t = useTestApp();

async function created(response: { statusCode: number; body: string; json(): unknown }) {
  if (response.statusCode !== 201) throw new Error(`${response.statusCode} ${response.body}`);
  return response.json() as { id: string };
}

describe('moved from premium to the free plan with 3 pets, appointments and medical data', () => {
  test('everything is readable and deletable; nothing can be added', async () => {
    const user: TestUser = await t.user({ plan: 'premium' });
    const pets = [
      await addPet(t, user, { name: 'Bello' }),
      await addPet(t, user, { name: 'Mimi', pet_type: 'Cat' }),
      await addPet(t, user, { name: 'Rex' }),
    ];
    const [bello] = pets;
    const appointments = [
      await created(await call(t, user, 'POST', `/v1/appointment?pet_id=${bello!.id}`, appointmentBody(7))),
      await created(await call(t, user, 'POST', `/v1/appointment?pet_id=${bello!.id}`, appointmentBody(14))),
    ];
    const medical = [
      await created(
        await call(
          t,
          user,
          'POST',
          `/v1/medical/vaccination?pet_id=${bello!.id}`,
          medicalBody('vaccination'),
        ),
      ),
      await created(
        await call(t, user, 'POST', `/v1/medical/allergy?pet_id=${bello!.id}`, medicalBody('allergy')),
      ),
    ];

    await onPlan(t, user.id, 'free');

    // Readable.
    const listed = await call(t, user, 'GET', '/v1/pet');
    expect(listed.statusCode).toBe(200);
    expect(listed.json<Array<{ id: string }>>().map((p) => p.id)).toEqual(pets.map((p) => p.id));
    for (const pet of pets)
      expect((await call(t, user, 'GET', `/v1/pet?pet_id=${pet.id}`)).statusCode).toBe(200);
    const petAppointments = await call(
      t,
      user,
      'GET',
      `/v1/appointment/mypetappointments?pet_id=${bello!.id}`,
    );
    expect(petAppointments.statusCode).toBe(200);
    expect(
      petAppointments
        .json<Array<{ appointment_id: string }>>()
        .map((a) => a.appointment_id)
        .sort(),
    ).toEqual(appointments.map((a) => a.id).sort());
    expect((await call(t, user, 'GET', '/v1/appointment/myappointments')).json()).toHaveLength(2);
    const petMedical = await call(t, user, 'GET', `/v1/medical/mypetmedicals?pet_id=${bello!.id}`);
    expect(petMedical.statusCode).toBe(200);
    expect(
      petMedical
        .json<Array<{ medical_id: string }>>()
        .map((m) => m.medical_id)
        .sort(),
    ).toEqual(medical.map((m) => m.id).sort());

    // Not addable.
    const refusals = [
      await call(t, user, 'POST', '/v1/pet', { name: 'Four', pet_type: 'Dog' }),
      await call(t, user, 'POST', `/v1/appointment?pet_id=${bello!.id}`, appointmentBody(21)),
      await call(t, user, 'POST', `/v1/medical/deworming?pet_id=${bello!.id}`, medicalBody('deworming')),
    ];
    expect(refusals.map((r) => [r.statusCode, r.json().code, r.json().message])).toEqual([
      [403, 'LIMIT_REACHED', 'Basic_Pet_Limit_Reached_Message'],
      [403, 'LIMIT_REACHED', 'Appointment_Limit_Reached_Message'],
      [403, 'LIMIT_REACHED', 'Medical_Add_Not_Allowed_Text'],
    ]);

    // Deletable; one pet more than the plan allows still refuses a new one.
    expect((await call(t, user, 'DELETE', `/v1/appointment?appt_id=${appointments[0]!.id}`)).statusCode).toBe(
      204,
    );
    expect((await call(t, user, 'DELETE', `/v1/medical?med_id=${medical[0]!.id}`)).statusCode).toBe(204);
    expect((await call(t, user, 'DELETE', `/v1/pet?id=${pets[2]!.id}`)).statusCode).toBe(204);
    expect((await call(t, user, 'GET', '/v1/pet')).json()).toHaveLength(2);
    expect((await call(t, user, 'GET', '/v1/appointment/myappointments')).json()).toHaveLength(1);
    expect(
      (await call(t, user, 'GET', `/v1/medical/mypetmedicals?pet_id=${bello!.id}`)).json<
        Array<{ medical_id: string }>
      >(),
    ).toEqual([expect.objectContaining({ medical_id: medical[1]!.id })]);
    expect((await call(t, user, 'POST', '/v1/pet', { name: 'Four', pet_type: 'Dog' })).statusCode).toBe(403);
  });
});
