// The appointment screens of the dog-protection brand (no pet name in its appointment forms). The e2e
// appointment journey runs on petention only; these are the places where hunde-schutz differs from it
// (with AddAppointmentForm.test.tsx and AppointmentList.test.tsx, which cover its add form and pet list).
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../../test/fetchMock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { MyAppointmentsPage } from '../routes/MyAppointmentsPage.tsx';
import { BELLO, fakeAppointment, meWithAppointments } from '../test/fakeAppointments.ts';

const SLOW = { timeout: 4000 };
const MY = '/dashboard/my-appointments';

function renderAllPetsList() {
  mockFetch({
    'GET /v1/auth/myinfo': { body: meWithAppointments([BELLO]) },
    'GET /v1/appointment/myappointments': {
      body: [fakeAppointment({ appointment_reason: 'Jährliche Impfung', appointment_type: 'Vaccination' })],
    },
  });
  renderRoutes([{ path: MY, element: <MyAppointmentsPage /> }], { url: MY, brand: 'hunde-schutz' });
}

describe('hunde-schutz appointments', () => {
  it('the list of all appointments names the pet of each row', async () => {
    renderAllPetsList();
    const row = await screen.findByRole('button', { name: /Jährliche Impfung/ }, SLOW);
    expect(within(row).getByText(BELLO.name)).toBeTruthy();
  });

  it('the edit form has no pet name, and keeps its type and reason', async () => {
    renderAllPetsList();
    fireEvent.click(await screen.findByRole('button', { name: /Jährliche Impfung/ }, SLOW));
    await screen.findByRole('button', { name: 'Save' }, SLOW);
    expect(screen.queryByRole('textbox', { name: /^(Pet|Dog)/ })).toBeNull();
    expect(screen.getByRole('radio', { name: 'Vaccination' }).getAttribute('aria-checked')).toBe('true');
    expect((screen.getByLabelText(/^Reason/, { selector: 'input' }) as HTMLInputElement).value).toBe(
      'Jährliche Impfung',
    );
  });
});
