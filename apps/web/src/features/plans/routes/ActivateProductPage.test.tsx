import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppLayout } from '../../../app/layout/AppLayout.tsx';
import { fakeMyInfo, type MockAnswer, mockFetch } from '../../../test/fetchMock.ts';
import { BASIC, FREE, PREMIUM } from '../../../test/plans.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { ActivateProductPage } from './ActivateProductPage.tsx';

const ACTIVATE = '/my-account/activate-product';
/** Submitting, answering and navigating can take a while on a busy machine. */
const SLOW = { timeout: 4000 };

// Mantine keeps notifications in a module-wide store.
afterEach(() => notifications.clean());

/** The page alone; `withLayout` puts the signed-in frame (side bar, hidesidebar state) around it. */
function renderPage(options: Parameters<typeof renderRoutes>[1] & { withLayout?: boolean } = {}) {
  const { withLayout = false, ...rest } = options;
  const pages = [
    { path: ACTIVATE, element: <ActivateProductPage /> },
    { path: '/', element: <p>home page</p> },
  ];
  return renderRoutes(
    [
      ...(withLayout ? [{ element: <AppLayout />, children: pages }] : pages),
      { path: '/signin', element: <p>sign-in page</p> },
    ],
    { url: ACTIVATE, ...rest },
  );
}

const codeField = () => screen.getByLabelText(/^(Activation code|Aktivierungscode)/, { selector: 'input' });
const trackerField = () => screen.queryByLabelText(/^(GPS tracker ID|GPS-Tracker-ID)/, { selector: 'input' });
const send = () => screen.getByRole('button', { name: /^(Send|Senden)$/ });
const refusal = (
  status: number,
  code: string,
  message: string,
  fields?: Record<string, string>,
): MockAnswer => ({
  status,
  body: { code, message, ...(fields ? { fields } : {}) },
});

async function submitCode(code: string, tracker?: string) {
  fireEvent.change(await screen.findByLabelText(/^Activation code/, { selector: 'input' }), {
    target: { value: code },
  });
  if (tracker !== undefined) fireEvent.change(trackerField()!, { target: { value: tracker } });
  fireEvent.click(send());
}

describe('activate product', () => {
  it('Send is disabled until something was typed; the code is validated on blur', async () => {
    mockFetch({ 'GET /v1/auth/myinfo': { body: fakeMyInfo({ product: FREE }) } });
    renderPage();
    const field = await screen.findByLabelText(/^Activation code/, { selector: 'input' });
    expect(field.getAttribute('name')).toBe('emergency_code');
    expect(send().hasAttribute('disabled')).toBe(true);
    expect(trackerField()).toBeNull();

    fireEvent.change(field, { target: { value: 'A' } });
    await waitFor(() => expect(send().hasAttribute('disabled')).toBe(false));
    fireEvent.change(field, { target: { value: '' } });
    fireEvent.blur(field);
    expect(await screen.findByText('Please enter your activation code.')).toBeTruthy();
  });

  it('tier-fritz asks for the tracker too: both are required', async () => {
    const server = mockFetch({ 'GET /v1/auth/myinfo': { body: fakeMyInfo({ product: FREE }) } });
    renderPage({ brand: 'tier-fritz' });
    const tracker = await waitFor(() => {
      const input = trackerField();
      if (!input) throw new Error('no tracker field');
      return input;
    });
    expect(tracker.getAttribute('name')).toBe('gps_tracker_id');
    fireEvent.change(codeField(), { target: { value: 'x' } });
    fireEvent.change(codeField(), { target: { value: ' ' } });
    fireEvent.click(send());
    expect(await screen.findByText('Please enter your activation code.')).toBeTruthy();
    expect(screen.getByText('Please enter the ID of your GPS tracker.')).toBeTruthy();
    expect(server.find('POST', '/v1/subscription/change/apply')).toHaveLength(0);
  });

  it('tier-fritz users with a registered tracker are not asked again, and nothing is sent for it', async () => {
    const server = mockFetch({
      'GET /v1/auth/myinfo': { body: fakeMyInfo({ product: BASIC, tracker_ids: ['TF2742464092'] }) },
      'POST /v1/subscription/change/apply': {
        body: fakeMyInfo({ product: PREMIUM, tracker_ids: ['TF2742464092'] }),
      },
    });
    renderPage({ brand: 'tier-fritz' });
    expect(
      await screen.findByText('Your GPS tracker TF2742464092 is registered to your account.'),
    ).toBeTruthy();
    expect(trackerField()).toBeNull();
    await submitCode('CODE-1234');
    expect(await screen.findByText('home page', {}, SLOW)).toBeTruthy();
    expect(server.find('POST', '/v1/subscription/change/apply')[0]?.body).toEqual({
      activation_code: 'CODE-1234',
    });
  });

  it('sends code and tracker on tier-fritz', async () => {
    const server = mockFetch({
      'GET /v1/auth/myinfo': { body: fakeMyInfo({ product: FREE }) },
      'POST /v1/subscription/change/apply': { body: fakeMyInfo({ product: BASIC, tracker_ids: ['TF-9'] }) },
    });
    renderPage({ brand: 'tier-fritz' });
    await waitFor(() => expect(trackerField()).toBeTruthy());
    await submitCode(' CODE-1234 ', ' TF-9 ');
    expect(await screen.findByText('home page', {}, SLOW)).toBeTruthy();
    expect(server.find('POST', '/v1/subscription/change/apply')[0]?.body).toEqual({
      activation_code: 'CODE-1234',
      tracker_ids: ['TF-9'],
    });
  });

  const cases: Array<[string, MockAnswer, string[]]> = [
    [
      '470 wrong code',
      refusal(470, 'CODE_INVALID', 'Wrong_Code_Text'),
      ['This activation code is not valid.'],
    ],
    [
      '477 redeemed',
      refusal(477, 'CODE_REDEEMED', 'Code_Already_Redeemed'),
      ['This code has already been redeemed.'],
    ],
    [
      '433 redeemed',
      refusal(433, 'CODE_REDEEMED', 'Code_Already_Redeemed'),
      ['This code has already been redeemed.'],
    ],
    [
      '471 product not attached',
      refusal(471, 'PRODUCT_NOT_ATTACHED', 'Product_Not_Attached_Text'),
      ['No product is linked to your account yet.'],
    ],
    [
      '476 expired',
      refusal(476, 'CODE_EXPIRED', 'Code Expired'),
      ['This code has expired. Please contact our customer service:'],
    ],
    [
      '476 not yet valid',
      refusal(476, 'CODE_NOT_YET_VALID', 'Validity not started yet'),
      ['This code is not valid yet.'],
    ],
    ['476 other', refusal(476, 'X', 'Something else'), ['This coupon was not found.']],
    [
      '478 batch',
      refusal(478, 'BATCH_NOT_FOUND', 'Batch_Code_Does_Not_Exist_Text'),
      ['This code does not belong to any known batch.'],
    ],
    ['204 no content', { status: 204 }, ['No data was found for this code.']],
    ['500', refusal(500, 'INTERNAL_ERROR', 'x'), [/Something went wrong on our side/.source]],
  ];

  for (const [name, answer, texts] of cases) {
    it(`${name} shows its message`, async () => {
      mockFetch({
        'GET /v1/auth/myinfo': { body: fakeMyInfo({ product: FREE }) },
        'POST /v1/subscription/change/apply': answer,
      });
      const { router } = renderPage();
      await submitCode('ABCDEF1234');
      for (const text of texts) expect(await screen.findByText(new RegExp(text))).toBeTruthy();
      expect(router.state.location.pathname).toBe(ACTIVATE);
    });
  }

  it('a wrong code shows the customer-service text with an underlined mail link', async () => {
    mockFetch({
      'GET /v1/auth/myinfo': { body: fakeMyInfo({ product: FREE }) },
      'POST /v1/subscription/change/apply': refusal(470, 'CODE_INVALID', 'Wrong_Code_Text'),
    });
    renderPage();
    await submitCode('NOPE123456');
    expect(await screen.findByText(/please contact our customer service/)).toBeTruthy();
    const mail = screen.getByRole('link', { name: 'service@petention.de' });
    expect(mail.getAttribute('href')).toBe('mailto:service@petention.de');
    expect(mail.getAttribute('data-underline')).toBe('always');
    expect(codeField().getAttribute('aria-invalid')).toBe('true');
  });

  it('an expired code also shows the mail link; a redeemed one does not', async () => {
    let answer = refusal(476, 'CODE_EXPIRED', 'Code Expired');
    mockFetch({
      'GET /v1/auth/myinfo': { body: fakeMyInfo({ product: FREE }) },
      'POST /v1/subscription/change/apply': () => answer,
    });
    renderPage();
    await submitCode('OLD1234567');
    expect(await screen.findByRole('link', { name: 'service@petention.de' })).toBeTruthy();
    answer = refusal(477, 'CODE_REDEEMED', 'Code_Already_Redeemed');
    fireEvent.click(send());
    expect(await screen.findByText('This code has already been redeemed.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'service@petention.de' })).toBeNull();
  });

  it('400 on tier-fritz marks both fields', async () => {
    mockFetch({
      'GET /v1/auth/myinfo': { body: fakeMyInfo({ product: FREE }) },
      'POST /v1/subscription/change/apply': refusal(400, 'TRACKER_INVALID', 'Invalid_Tracker_Id_Text', {
        activation_code: 'Invalid_Code_Text',
        tracker_ids: 'Invalid_Tracker_Id_Text',
      }),
    });
    renderPage({ brand: 'tier-fritz' });
    await waitFor(() => expect(trackerField()).toBeTruthy());
    await submitCode('CODE123456', 'TF-UNKNOWN');
    expect(await screen.findByText('The activation code is invalid.')).toBeTruthy();
    expect(screen.getByText('The GPS tracker ID is invalid.')).toBeTruthy();
  });

  it('409 on tier-fritz: the tracker belongs to someone else', async () => {
    mockFetch({
      'GET /v1/auth/myinfo': { body: fakeMyInfo({ product: FREE }) },
      'POST /v1/subscription/change/apply': refusal(409, 'TRACKER_REGISTERED', 'GPS_Tracker_Already_Exist'),
    });
    renderPage({ brand: 'tier-fritz' });
    await waitFor(() => expect(trackerField()).toBeTruthy());
    await submitCode('CODE123456', 'TF-1');
    expect(await screen.findByText('This GPS tracker is already registered.')).toBeTruthy();
  });

  it('messages are in the user’s language', async () => {
    mockFetch({
      'GET /v1/auth/myinfo': { body: fakeMyInfo({ product: FREE, language: 'de' }) },
      'POST /v1/subscription/change/apply': refusal(477, 'CODE_REDEEMED', 'Code_Already_Redeemed'),
    });
    renderPage({ language: 'de' });
    fireEvent.change(await screen.findByLabelText(/^Aktivierungscode/, { selector: 'input' }), {
      target: { value: 'CODE123456' },
    });
    fireEvent.click(send());
    expect(await screen.findByText('Dieser Code wurde bereits eingelöst.')).toBeTruthy();
  });

  it('success: to / with a success message, and myinfo fetched again', async () => {
    let me = fakeMyInfo({ product: FREE });
    const server = mockFetch({
      'GET /v1/auth/myinfo': () => ({ body: me }),
      'POST /v1/subscription/change/apply': () => {
        me = fakeMyInfo({ product: PREMIUM, activation_code_type: 'standard' });
        return { body: me };
      },
    });
    const { router, queryClient } = renderPage();
    const before = server.find('GET', '/v1/auth/myinfo').length;
    await submitCode('PREMIUM123');
    expect(await screen.findByText('home page', {}, SLOW)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findByText('Your product has been activated.', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(server.find('GET', '/v1/auth/myinfo').length).toBeGreaterThan(before));
    expect(queryClient.getQueryData<{ product: { name: string } }>(['myinfo'])?.product.name).toBe('Premium');
  });

  it('while the answer is on its way, Send is disabled', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    mockFetch({ 'GET /v1/auth/myinfo': { body: fakeMyInfo({ product: FREE }) } });
    const answer = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/v1/subscription/change/apply')) {
        await gate;
        return new Response(JSON.stringify({ code: 'CODE_INVALID', message: 'Wrong_Code_Text' }), {
          status: 470,
        });
      }
      return answer(input, init);
    });
    renderPage();
    await submitCode('SLOW123456');
    await waitFor(() => expect(send().hasAttribute('disabled')).toBe(true));
    release();
    expect(await screen.findByText('This activation code is not valid.')).toBeTruthy();
    expect(send().hasAttribute('disabled')).toBe(false);
  });
});

describe('hunde-schutz users without an associated product', () => {
  const held = fakeMyInfo({ product: FREE, product_associated: false });

  it('are held on activate-product without the side bar, and stay so after a failure', async () => {
    mockFetch({
      'GET /v1/auth/myinfo': { body: held },
      'POST /v1/subscription/change/apply': refusal(470, 'CODE_INVALID', 'Wrong_Code_Text'),
    });
    const { router } = renderPage({ brand: 'hunde-schutz', url: '/', withLayout: true });
    expect(await screen.findByText('Activate your product to get started')).toBeTruthy();
    expect(router.state.location.pathname).toBe(ACTIVATE);
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();

    await submitCode('WRONG12345');
    expect(await screen.findByText('This activation code is not valid.')).toBeTruthy();
    expect(router.state.location.pathname).toBe(ACTIVATE);
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
  });

  it('can always sign out', async () => {
    let signedIn = true;
    const server = mockFetch({
      'GET /v1/auth/myinfo': () =>
        signedIn ? { body: held } : { status: 401, body: { code: 'UNAUTHORIZED', message: 'x' } },
      'POST /api/auth/sign-out': () => {
        signedIn = false;
        return { body: { success: true } };
      },
    });
    renderPage({ brand: 'hunde-schutz', withLayout: true });
    fireEvent.click(await screen.findByRole('button', { name: /^Log out$/ }));
    await waitFor(() => expect(server.find('POST', '/api/auth/sign-out')).toHaveLength(1));
  });

  it('get the side bar back once a code succeeds', async () => {
    let me = held;
    mockFetch({
      'GET /v1/auth/myinfo': () => ({ body: me }),
      'POST /v1/subscription/change/apply': () => {
        me = fakeMyInfo({ product: PREMIUM, product_associated: true });
        return { body: me };
      },
    });
    const { router } = renderPage({ brand: 'hunde-schutz', withLayout: true });
    await submitCode('GOOD123456');
    expect(await screen.findByText('home page', {}, SLOW)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
  });
});
