import { notifications } from '@mantine/notifications';
import { daysFromToday } from '@pet/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MockAnswer } from '../../../test/fetchMock.ts';
import { BELLO, fakeRecord, PET_URL } from '../test/fakeMedical.ts';
import { renderMedical } from '../test/renderMedical.tsx';

const SLOW = { timeout: 4000 };

afterEach(() => {
  notifications.clean();
  vi.restoreAllMocks();
});

/** A date `days` from today in the browser's zone (the forms' "today"), as dd.MM.yyyy. */
const day = (days: number) =>
  daysFromToday(days, { timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });

function setup(path: string, type: string, answer?: MockAnswer) {
  return renderMedical(`${PET_URL}/${path}`, {
    handlers: {
      [`POST /v1/medical/${type}`]: answer ?? { status: 201, body: fakeRecord({ id: 'new' }) },
    },
  });
}

const input = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' });
const type = (label: RegExp, value: string) => fireEvent.change(input(label), { target: { value } });

async function submitAndGetBody(server: ReturnType<typeof setup>['server'], button: string, path: string) {
  fireEvent.click(screen.getByRole('button', { name: button }));
  await waitFor(() => expect(server.find('POST', path)).toHaveLength(1), SLOW);
  return server.find('POST', path)[0]!;
}

describe('add forms', () => {
  it('allergy: the name is required (on blur), then POST with medical_type and back to the list', async () => {
    const { server, router } = setup('allergies/add-allergy', 'allergy');
    const name = await screen.findByLabelText(/^Allergy/, { selector: 'input' }, SLOW);
    fireEvent.focus(name);
    fireEvent.blur(name);
    expect(await screen.findByText('Please enter a name.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add allergy' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.find('POST', '/v1/medical/allergy')).toHaveLength(0);

    type(/^Allergy/, 'Pollen');
    await waitFor(() => expect(screen.queryByText('Please enter a name.')).toBeNull());
    type(/^Known since/, '01.04.2020');
    fireEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    type(/^Treating person/, 'Dr. Huf');
    const sent = await submitAndGetBody(server, 'Add allergy', '/v1/medical/allergy');
    expect(sent.url.searchParams.get('pet_id')).toBe(BELLO.id);
    expect(sent.body).toEqual({
      medical_type: 'allergy',
      name: 'Pollen',
      date: null,
      known_since: '01.04.2020',
      still_acute: true,
      executing_person: 'Dr. Huf',
      comments: null,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`${PET_URL}/allergies`), SLOW);
  });

  it('comments count n/100 as they are typed and refuse more than 100 characters', async () => {
    const { server } = setup('allergies/add-allergy', 'allergy');
    const comments = await screen.findByLabelText('Comments', {}, SLOW);
    expect(screen.getByTestId('comments-counter').textContent).toBe('0/100');
    expect(comments.getAttribute('maxlength')).toBe('100');
    fireEvent.change(comments, { target: { value: 'Sneezes in spring' } });
    await waitFor(() => expect(screen.getByTestId('comments-counter').textContent).toBe('17/100'));

    // A longer text (pasted past the input's limit by a script) is refused with the shared rule's message.
    type(/^Allergy/, 'Pollen');
    fireEvent.change(comments, { target: { value: 'x'.repeat(101) } });
    fireEvent.blur(comments);
    await waitFor(() => expect(screen.getByTestId('comments-counter').textContent).toBe('101/100'));
    expect(await screen.findByText('This entry is too long.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add allergy' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.find('POST', '/v1/medical/allergy')).toHaveLength(0);

    fireEvent.change(comments, { target: { value: 'x'.repeat(100) } });
    await waitFor(() => expect(screen.queryByText('This entry is too long.')).toBeNull());
    const sent = await submitAndGetBody(server, 'Add allergy', '/v1/medical/allergy');
    expect((sent.body as { comments: string }).comments).toHaveLength(100);
  });

  it('disease: sends the practice as executing_organization', async () => {
    const { server } = setup('diseases/add-disease', 'disease');
    await screen.findByLabelText(/^Disease/, { selector: 'input' }, SLOW);
    type(/^Disease/, 'Otitis');
    type(/^Practice or clinic/, 'Tierklinik Nord');
    fireEvent.click(screen.getByRole('radio', { name: 'No' }));
    const sent = await submitAndGetBody(server, 'Add disease', '/v1/medical/disease');
    expect(sent.body).toMatchObject({
      medical_type: 'disease',
      name: 'Otitis',
      executing_organization: 'Tierklinik Nord',
      still_acute: false,
    });
  });

  it('intervention: surgery type Surgery or Implant', async () => {
    const { server } = setup('medicalinterventions/add-medicalintervention', 'intervention');
    await screen.findByLabelText(/^Intervention/, { selector: 'input' }, SLOW);
    type(/^Intervention/, 'Microchip');
    expect(screen.getByRole('radio', { name: 'Surgery' })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Implant' }));
    type(/^Date$/, day(-3));
    const sent = await submitAndGetBody(server, 'Add medical intervention', '/v1/medical/intervention');
    expect(sent.body).toMatchObject({
      medical_type: 'intervention',
      name: 'Microchip',
      surgery_type: 'Implant',
      date: day(-3),
    });
  });

  it('medication: the schedule is a multi-select sent as numbers; taking to cannot lie before taking from', async () => {
    const { server } = setup('medications/add-medication', 'medication');
    await screen.findByLabelText(/^Medication/, { selector: 'input' }, SLOW);
    type(/^Medication/, 'Apoquel');
    type(/^Dosage/, '16 mg');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Mornings' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Evenings' }));
    fireEvent.click(
      within(screen.getByRole('radiogroup', { name: 'In use' })).getByRole('radio', { name: 'Yes' }),
    );
    fireEvent.click(
      within(screen.getByRole('radiogroup', { name: 'Prescription' })).getByRole('radio', { name: 'No' }),
    );

    type(/^Taking from/, '10.03.2025');
    const to = input(/^Taking to/);
    fireEvent.change(to, { target: { value: '01.03.2025' } });
    fireEvent.blur(to);
    expect(await screen.findByText('“Taking to” cannot be before “taking from”.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add medication' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.find('POST', '/v1/medical/medication')).toHaveLength(0);

    // Moving the start back clears the message on the end.
    type(/^Taking from/, '01.02.2025');
    await waitFor(() => expect(screen.queryByText('“Taking to” cannot be before “taking from”.')).toBeNull());
    const sent = await submitAndGetBody(server, 'Add medication', '/v1/medical/medication');
    expect(sent.body).toMatchObject({
      medical_type: 'medication',
      name: 'Apoquel',
      dosage: '16 mg',
      taking_schedule: [0, 2],
      in_use: true,
      prescription: false,
      still_acute: null,
      taking_from: '01.02.2025',
      taking_to: '01.03.2025',
    });
  });

  it('vaccination: next due date with a reminder 14 days before by default, in the browser zone', async () => {
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
      ...new Intl.DateTimeFormat().resolvedOptions(),
      timeZone: 'Europe/Vienna',
    });
    const { server } = setup('vaccinations/add-vaccination', 'vaccination');
    await screen.findByLabelText(/^Vaccine/, { selector: 'input' }, SLOW);
    type(/^Vaccine/, 'Rabies');
    type(/^Date given/, '01.06.2025');
    type(/^Next due date/, '01.06.2028');
    type(/^Vet/, 'Dr. Huf');
    type(/^Batch number/, 'B-123');
    expect((input(/^Days before/) as HTMLInputElement).value).toBe('14');
    const sent = await submitAndGetBody(server, 'Add vaccination', '/v1/medical/vaccination');
    expect(sent.body).toEqual({
      medical_type: 'vaccination',
      name: 'Rabies',
      date: '01.06.2025',
      next_due_date: '01.06.2028',
      executing_person: 'Dr. Huf',
      batch_number: 'B-123',
      comments: null,
      reminder_days_before: 14,
      reminder_time_zone: 'Europe/Vienna',
    });
  });

  it('deworming: the reminder can be switched off, and a date given cannot lie ahead', async () => {
    const { server } = setup('dewormings/add-deworming', 'deworming');
    await screen.findByLabelText(/^Product/, { selector: 'input' }, SLOW);
    type(/^Product/, 'Milbemax');
    const given = input(/^Date given/);
    fireEvent.change(given, { target: { value: day(5) } });
    fireEvent.blur(given);
    expect(await screen.findByText('This date cannot be in the future.')).toBeTruthy();
    fireEvent.change(given, { target: { value: day(0) } });
    type(/^Next due date/, day(90));
    fireEvent.click(screen.getByRole('switch', { name: 'Remind me by e-mail' }));
    await waitFor(() => expect(input(/^Days before/).hasAttribute('disabled')).toBe(true));
    const sent = await submitAndGetBody(server, 'Add deworming', '/v1/medical/deworming');
    expect(sent.body).toMatchObject({
      medical_type: 'deworming',
      name: 'Milbemax',
      date: day(0),
      next_due_date: day(90),
      reminder_days_before: null,
    });
  });

  it("the server's field messages land under their fields", async () => {
    setup('allergies/add-allergy', 'allergy', {
      status: 400,
      body: { code: 'VALIDATION_ERROR', message: 'x', fields: { executing_person: 'Max_Length_Error' } },
    });
    await screen.findByLabelText(/^Allergy/, { selector: 'input' }, SLOW);
    type(/^Allergy/, 'Pollen');
    fireEvent.click(screen.getByRole('button', { name: 'Add allergy' }));
    expect(await screen.findByText('This entry is too long.', {}, SLOW)).toBeTruthy();
    expect(input(/^Treating person/).getAttribute('aria-invalid')).toBe('true');
  });

  it('a plan that lost its medical data meanwhile: the 403 shows the limit message with its link', async () => {
    setup('allergies/add-allergy', 'allergy', {
      status: 403,
      body: { code: 'LIMIT_REACHED', message: 'Medical_Add_Not_Allowed_Text' },
    });
    await screen.findByLabelText(/^Allergy/, { selector: 'input' }, SLOW);
    type(/^Allergy/, 'Pollen');
    fireEvent.click(screen.getByRole('button', { name: 'Add allergy' }));
    expect(
      await screen.findByText('Adding medical data is not included in your plan.', {}, SLOW),
    ).toBeTruthy();
    expect(within(screen.getByTestId('plan-limit-notice')).getByRole('link').getAttribute('href')).toBe(
      '/my-account/subscription',
    );
  });
});
