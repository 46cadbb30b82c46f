import { notifications } from '@mantine/notifications';
import { paths } from '@pet/shared/paths';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeMyInfo, type MockAnswer, mockFetch } from '../../../test/fetchMock.ts';
import { fakePet } from '../../../test/pets.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { AcceptInvitationPage } from './AcceptInvitationPage.tsx';

const SLOW = { timeout: 4000 };
const URL = `${paths.householdAccept}?token=tok-123`;
const BELLO = fakePet({ role: 'sitter', owner_name: 'Anna Muster', member_id: 'member-9' });

afterEach(() => {
  notifications.clean();
  vi.unstubAllGlobals();
});

function setup({
  signedIn = true,
  accept = { body: { pet_id: BELLO.id, role: 'sitter', member_id: 'member-9' } },
  url = URL,
  language,
}: {
  signedIn?: boolean;
  accept?: MockAnswer;
  url?: string;
  language?: 'de';
} = {}) {
  const server = mockFetch({
    'GET /v1/auth/myinfo': signedIn
      ? { body: fakeMyInfo() }
      : { status: 401, body: { code: 'UNAUTHORIZED' } },
    'POST /v1/household/accept': accept,
    'GET /v1/pet': { body: BELLO },
    'POST /v1/log': { status: 204 },
  });
  const view = renderRoutes(
    [
      { path: paths.householdAccept, element: <AcceptInvitationPage /> },
      { path: '/pet-details/:name/:id', element: <p>Pet page</p> },
      { path: '/pet-details/:name/:id/my-pet', element: <p>Pet profile</p> },
    ],
    { url, language },
  );
  return { server, ...view };
}

describe('accept invitation page', () => {
  it('signed in: Join accepts the token and opens the pet’s page with a notice', async () => {
    const { server, router } = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Join' }, SLOW));
    await waitFor(() => expect(server.find('POST', '/v1/household/accept')).toHaveLength(1), SLOW);
    expect(server.find('POST', '/v1/household/accept')[0]!.body).toEqual({ token: 'tok-123' });
    expect(await screen.findByText('Pet page', {}, SLOW)).toBeTruthy();
    // A sitter: the pet's page, not the profile they may not edit.
    expect(router.state.location.pathname).toBe(`/pet-details/Bello/${BELLO.id}`);
    expect(await screen.findByText('You have joined Bello’s household as sitter.', {}, SLOW)).toBeTruthy();
  });

  it('an invalid link: the text says so, the page stays', async () => {
    const { router } = setup({
      accept: { status: 404, body: { code: 'NOT_FOUND', message: 'Household_Invitation_Invalid_Text' } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Join' }, SLOW));
    expect(await screen.findByText(/This invitation link is not valid any more/, {}, SLOW)).toBeTruthy();
    expect(screen.getByText('The invitation could not be accepted.')).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.householdAccept);
  });

  it('the own pet: the conflict’s text', async () => {
    setup({ accept: { status: 409, body: { code: 'CONFLICT', message: 'Household_Own_Pet_Text' } } });
    fireEvent.click(await screen.findByRole('button', { name: 'Join' }, SLOW));
    expect(await screen.findByText(/This invitation is for your own pet/, {}, SLOW)).toBeTruthy();
  });

  it('no token: invalid at once, nothing to join', async () => {
    const { server } = setup({ url: paths.householdAccept });
    expect(await screen.findByText(/This invitation link is not valid any more/, {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Join' })).toBeNull();
    expect(server.find('POST', '/v1/household/accept')).toHaveLength(0);
  });

  it('signed out: sign in and come back here, or create an account', async () => {
    const { server } = setup({ signedIn: false });
    const signIn = await screen.findByRole('link', { name: 'Sign in' }, SLOW);
    expect(signIn.getAttribute('href')).toBe(`${paths.signin}?continueUrl=${encodeURIComponent(URL)}`);
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      `${paths.register}?invitation=tok-123`,
    );
    expect(screen.queryByRole('button', { name: 'Join' })).toBeNull();
    expect(server.find('POST', '/v1/household/accept')).toHaveLength(0);
  });

  it('German', async () => {
    setup({ language: 'de' });
    expect(await screen.findByRole('heading', { name: 'Einem Haushalt beitreten' }, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Beitreten' }));
    expect(
      await screen.findByText('Sie sind dem Haushalt von Bello als Tiersitter/in beigetreten.', {}, SLOW),
    ).toBeTruthy();
  });
});
