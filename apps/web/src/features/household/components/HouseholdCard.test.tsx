import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BELLO,
  fakeHouseholdServer,
  fakeInvitation,
  fakeMember,
  renderHouseholdOnPetPage,
} from '../test/fakeHousehold.tsx';

const SLOW = { timeout: 4000 };

afterEach(() => {
  notifications.clean();
  vi.unstubAllGlobals();
});

const BEN = fakeMember();
const CLARA = fakeInvitation();

const card = () => screen.findByRole('region', { name: 'Household' }, SLOW);
const input = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' });

function fillInvite(email: string) {
  fireEvent.change(input(/^E-mail address/), { target: { value: email } });
}

describe('household card: the owner', () => {
  it('sees the members with role and last day, and the open invitations', async () => {
    fakeHouseholdServer({ members: [BEN], invitations: [CLARA] });
    renderHouseholdOnPetPage();
    const [member] = await screen.findAllByTestId('household-member', {}, SLOW);
    expect(within(member!).getByText('Ben Sitter')).toBeTruthy();
    expect(within(member!).getByText('ben@example.com')).toBeTruthy();
    expect(within(member!).getByText('Sitter')).toBeTruthy();
    expect(within(member!).getByText(/Last day: 31\.12\.2099/)).toBeTruthy();
    const [invitation] = screen.getAllByTestId('household-invitation');
    expect(within(invitation!).getByText('clara@example.com')).toBeTruthy();
    expect(within(invitation!).getByText('Co-owner')).toBeTruthy();
    expect(
      within(invitation!).getByRole('button', { name: 'Take back the invitation to clara@example.com' }),
    ).toBeTruthy();
    expect(within(await card()).getByRole('button', { name: 'Send invitation' })).toBeTruthy();
  });

  it('invites by e-mail as sitter: the request, the notice, the new invitation in the list', async () => {
    const server = fakeHouseholdServer();
    renderHouseholdOnPetPage();
    expect(await screen.findByText('No open invitations.', {}, SLOW)).toBeTruthy();
    // Each role says what it may do.
    expect(screen.getByText(/Sees and changes everything about Bello/)).toBeTruthy();
    fillInvite('  dora@example.com ');
    fireEvent.click(screen.getByRole('radio', { name: /^Sitter/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));

    await waitFor(() => expect(server.find('POST', '/v1/household/invite')).toHaveLength(1), SLOW);
    const [sent] = server.find('POST', '/v1/household/invite');
    expect(sent!.url.searchParams.get('pet_id')).toBe(BELLO.id);
    expect(sent!.body).toEqual({ email: 'dora@example.com', role: 'sitter' });
    expect(
      await screen.findByText(/The invitation to dora@example.com has been sent/, {}, SLOW),
    ).toBeTruthy();
    const rows = await screen.findAllByTestId('household-invitation', {}, SLOW);
    expect(within(rows[0]!).getByText('dora@example.com')).toBeTruthy();
    expect((input(/^E-mail address/) as HTMLInputElement).value).toBe('');
  });

  it('sends the last day when one is typed', async () => {
    const server = fakeHouseholdServer();
    renderHouseholdOnPetPage();
    await screen.findByText('No open invitations.', {}, SLOW);
    fillInvite('dora@example.com');
    fireEvent.input(screen.getByRole('textbox', { name: /^Last day/ }), { target: { value: '31.12.2099' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(server.find('POST', '/v1/household/invite')).toHaveLength(1), SLOW);
    expect(server.find('POST', '/v1/household/invite')[0]!.body).toEqual({
      email: 'dora@example.com',
      role: 'co-owner',
      until: '31.12.2099',
    });
  });

  it('checks the address before sending', async () => {
    const server = fakeHouseholdServer();
    renderHouseholdOnPetPage();
    await screen.findByText('No open invitations.', {}, SLOW);
    fillInvite('not-an-address');
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(input(/^E-mail address/).getAttribute('aria-invalid')).toBe('true'), SLOW);
    expect(server.find('POST', '/v1/household/invite')).toHaveLength(0);
  });

  it('too many invitations today: says so, with the limits', async () => {
    fakeHouseholdServer({
      invite: { status: 429, body: { code: 'RATE_LIMITED', message: 'Too_Many_Requests_Text' } },
    });
    renderHouseholdOnPetPage();
    await screen.findByText('No open invitations.', {}, SLOW);
    fillInvite('dora@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(within(alert).getByText('The invitation could not be sent.')).toBeTruthy();
    expect(
      within(alert).getByText(/too many invitations today: at most 3 a day .* and 20 in all/),
    ).toBeTruthy();
  });

  it("the own address: the server's message under the e-mail field", async () => {
    fakeHouseholdServer({
      invite: {
        status: 400,
        body: {
          code: 'VALIDATION_ERROR',
          message: 'Bad_Request_Text',
          fields: { email: 'Household_Invite_Self_Text' },
        },
      },
    });
    renderHouseholdOnPetPage();
    await screen.findByText('No open invitations.', {}, SLOW);
    fillInvite('anna@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText(/This is your own address/, {}, SLOW)).toBeTruthy();
    expect(input(/^E-mail address/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('removes a member after a confirmation, and takes an invitation back', async () => {
    const server = fakeHouseholdServer({ members: [BEN], invitations: [CLARA] });
    renderHouseholdOnPetPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Ben Sitter' }, SLOW));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    expect(within(dialog).getByText(/Ben Sitter will no longer see Bello/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(server.find('DELETE', '/v1/household')).toHaveLength(1), SLOW);
    expect(server.find('DELETE', '/v1/household')[0]!.url.searchParams.get('member_id')).toBe(BEN.id);
    expect(await screen.findByText('No one else yet.', {}, SLOW)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Take back the invitation to clara@example.com' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', {}, SLOW)).getByRole('button', { name: 'Take back' }),
    );
    await waitFor(() => expect(server.find('DELETE', '/v1/household/invitation')).toHaveLength(1), SLOW);
    expect(server.find('DELETE', '/v1/household/invitation')[0]!.url.searchParams.get('invitation_id')).toBe(
      CLARA.id,
    );
    expect(await screen.findByText('No open invitations.', {}, SLOW)).toBeTruthy();
  });
});

describe('household card: members', () => {
  const coOwnerPet = {
    ...BELLO,
    role: 'co-owner' as const,
    owner_name: 'Anna Muster',
    member_id: 'member-me',
  };

  it('a co-owner sees the household read-only, no invite form, and leaves after a confirmation', async () => {
    const me = fakeMember({ id: 'member-me', name: 'Carl Co', email: 'carl@example.com', role: 'co-owner' });
    const server = fakeHouseholdServer({ pet: coOwnerPet, members: [me, BEN], invitations: [CLARA] });
    renderHouseholdOnPetPage();
    expect(await screen.findByText('Shared with you by Anna Muster as co-owner', {}, SLOW)).toBeTruthy();
    expect(await screen.findAllByTestId('household-member', {}, SLOW)).toHaveLength(2);
    expect(screen.getByText('You')).toBeTruthy();
    expect(screen.getByText('clara@example.com')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send invitation' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Take back/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(server.find('DELETE', '/v1/household')).toHaveLength(1), SLOW);
    expect(server.find('DELETE', '/v1/household')[0]!.url.searchParams.get('member_id')).toBe('member-me');
    expect(await screen.findByText('My pets page', {}, SLOW)).toBeTruthy();
    expect(await screen.findByText('You have left Bello’s household.', {}, SLOW)).toBeTruthy();
  });

  it('a sitter sees who shared the pet and may leave; the household and history are not asked for', async () => {
    const server = fakeHouseholdServer({
      pet: { ...BELLO, role: 'sitter', owner_name: 'Anna Muster', member_id: 'member-sit' },
    });
    renderHouseholdOnPetPage();
    expect(await screen.findByText('Shared with you by Anna Muster as sitter', {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Leave' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'History' })).toBeNull();
    expect(server.find('GET', '/v1/household')).toHaveLength(0);
    expect(server.find('GET', '/v1/household/history')).toHaveLength(0);
  });
});

describe('household card: the second emergency contact', () => {
  const CARL = fakeMember({
    id: 'member-carl',
    name: 'Carl Co',
    email: 'carl@example.com',
    role: 'co-owner',
  });
  const putsOf = (server: ReturnType<typeof fakeHouseholdServer>) =>
    server.find('PUT', '/v1/household/emergency-contact');

  it('the owner names a co-owner and takes it back; a sitter has no such control', async () => {
    const server = fakeHouseholdServer({ members: [CARL, BEN] });
    renderHouseholdOnPetPage();
    const name = await screen.findByRole(
      'button',
      { name: 'Make emergency contact: Carl Co, the second one for Bello' },
      SLOW,
    );
    expect(screen.queryByRole('button', { name: /Ben Sitter the second emergency contact/ })).toBeNull();
    expect(screen.queryByText('Emergency contact')).toBeNull();

    fireEvent.click(name);
    await waitFor(() => expect(putsOf(server)).toHaveLength(1), SLOW);
    expect(putsOf(server)[0]!.url.searchParams.get('pet_id')).toBe(BELLO.id);
    expect(putsOf(server)[0]!.body).toEqual({ member_id: 'member-carl' });
    expect(await screen.findByText(/Carl Co is now Bello’s second emergency contact/, {}, SLOW)).toBeTruthy();
    const [carlRow] = await screen.findAllByTestId('household-member', {}, SLOW);
    expect(await within(carlRow!).findByText('Emergency contact', {}, SLOW)).toBeTruthy();

    fireEvent.click(
      await screen.findByRole('button', { name: 'No longer emergency contact: Carl Co, for Bello' }, SLOW),
    );
    await waitFor(() => expect(putsOf(server)).toHaveLength(2), SLOW);
    expect(putsOf(server)[1]!.body).toEqual({ member_id: null });
    expect(
      await screen.findByRole(
        'button',
        { name: 'Make emergency contact: Carl Co, the second one for Bello' },
        SLOW,
      ),
    ).toBeTruthy();
  });

  it('the co-owner named reads that the file prints their phone, and withdraws after a confirmation', async () => {
    const me = { ...CARL, id: 'member-me', emergency_contact: true };
    const server = fakeHouseholdServer({
      pet: { ...BELLO, role: 'co-owner', owner_name: 'Anna Muster', member_id: 'member-me' },
      members: [me, BEN],
    });
    renderHouseholdOnPetPage();
    expect(
      await screen.findByText(
        'You are Bello’s second emergency contact: the emergency file shows your name, phone and e-mail beside the owner’s.',
        {},
        SLOW,
      ),
    ).toBeTruthy();
    // Naming is the owner's.
    expect(screen.queryByRole('button', { name: /^Make .* emergency contact/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw as Bello’s second emergency contact' }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    expect(within(dialog).getByText(/will no longer show your name, phone and e-mail/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(putsOf(server)).toHaveLength(1), SLOW);
    expect(putsOf(server)[0]!.url.searchParams.get('pet_id')).toBe(BELLO.id);
    expect(putsOf(server)[0]!.body).toEqual({ member_id: null });
    expect(
      await screen.findByText('You are no longer Bello’s second emergency contact.', {}, SLOW),
    ).toBeTruthy();
    await waitFor(
      () => expect(screen.queryByText(/You are Bello’s second emergency contact/)).toBeNull(),
      SLOW,
    );
  });

  it('in German', async () => {
    fakeHouseholdServer({ members: [{ ...CARL, emergency_contact: true }] });
    renderHouseholdOnPetPage({ language: 'de' });
    expect(await screen.findByText('Notfallkontakt', {}, SLOW)).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Nicht mehr Notfallkontakt: Carl Co, für Bello' }),
    ).toBeTruthy();
  });
});

describe('household card: German', () => {
  it('shows the roles and the form in German', async () => {
    fakeHouseholdServer({ members: [BEN], invitations: [CLARA] });
    renderHouseholdOnPetPage({ language: 'de' });
    expect(await screen.findByRole('region', { name: 'Haushalt' }, SLOW)).toBeTruthy();
    const [member] = await screen.findAllByTestId('household-member', {}, SLOW);
    expect(within(member!).getByText('Tiersitter/in')).toBeTruthy();
    expect(within(member!).getByText(/Letzter Tag: 31\.12\.2099/)).toBeTruthy();
    expect(screen.getByRole('radio', { name: /^Mitbesitzer\/in/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Einladung senden' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Einladung an clara@example.com zurücknehmen' })).toBeTruthy();
  });

  it('a sitter on hunde-schutz is a dog sitter', async () => {
    fakeHouseholdServer({ pet: { ...BELLO, role: 'sitter', owner_name: 'Anna Muster', member_id: 'm' } });
    renderHouseholdOnPetPage({ language: 'de', brand: 'hunde-schutz' });
    expect(
      await screen.findByText('Mit Ihnen geteilt von Anna Muster, als Hundesitter/in', {}, SLOW),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Verlassen' })).toBeTruthy();
  });
});
