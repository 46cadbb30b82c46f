import { notifications } from '@mantine/notifications';
import type { EmergencyInfo } from '@pet/shared';
import type { BrandId } from '@pet/shared/brands';
import type { Language } from '@pet/shared/constants';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeMyInfo, type MockAnswer, mockFetch } from '../../../test/fetchMock.ts';
import { fakePet } from '../../../test/pets.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { catchSavedFiles, fakeEmergencyInfo, holdAnswers } from '../test/fakeEmergency.ts';
import { EmergencyDataPage } from './EmergencyDataPage.tsx';

const SLOW = { timeout: 4000 };
const saved = catchSavedFiles();

afterEach(() => notifications.clean());

interface Setup {
  info?: EmergencyInfo | (() => EmergencyInfo);
  language?: Language;
  brand?: BrandId;
  handlers?: Record<string, MockAnswer | ((request: { url: URL; body: unknown }) => MockAnswer)>;
}

function setup({ info = fakeEmergencyInfo(), language, brand, handlers = {} }: Setup = {}) {
  const server = mockFetch({
    'GET /v1/auth/myinfo': { body: fakeMyInfo({ language: language ?? 'en' }) },
    'GET /v1/emergency/info': () => ({ body: typeof info === 'function' ? info() : info }),
    'GET /v1/pet': {
      body: [fakePet({ id: 'pet-1', name: 'Bello' }), fakePet({ id: 'pet-2', name: 'Luna' })],
    },
    'GET /v1/emergency': { body: '%PDF-1.7 file' },
    'GET /v1/emergency/tag': { body: '%PDF-1.7 tag' },
    'POST /v1/log': { status: 204 },
    ...handlers,
  });
  const view = renderRoutes([{ path: '/emergency-data', element: <EmergencyDataPage /> }], {
    language,
    brand,
  });
  return { server, ...view };
}

const downloadButton = (name = 'Download') => screen.findByRole('button', { name }, SLOW);

describe('/emergency-data: the download', () => {
  it('downloads in the UI language by default, busy meanwhile, saved as Emergency_File.pdf', async () => {
    const { server } = setup();
    const release = holdAnswers(server, '/v1/emergency?');
    const button = await downloadButton();
    expect((screen.getByLabelText('Language of the file') as HTMLSelectElement).value).toBe('en');
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute('data-loading')).toBe('true'), SLOW);
    expect(saved).toHaveLength(0);
    release();
    await waitFor(() => expect(saved).toHaveLength(1), SLOW);
    await waitFor(() => expect(button.getAttribute('data-loading')).toBeNull(), SLOW);
    expect(saved[0]!.name).toBe('Emergency_File.pdf');
    expect(await saved[0]!.blob.text()).toContain('%PDF-1.7 file');
    expect(server.find('GET', '/v1/emergency')[0]!.url.searchParams.get('language')).toBe('en');
  });

  it('German chosen: asks for language=de and saves Notfallakte.pdf', async () => {
    const { server } = setup();
    const button = await downloadButton();
    fireEvent.change(screen.getByLabelText('Language of the file'), { target: { value: 'de' } });
    fireEvent.click(button);
    await waitFor(() => expect(saved).toHaveLength(1), SLOW);
    expect(saved[0]!.name).toBe('Notfallakte.pdf');
    expect(server.find('GET', '/v1/emergency')[0]!.url.searchParams.get('language')).toBe('de');
  });

  it('in German, the file language starts German', async () => {
    setup({ language: 'de' });
    await screen.findByRole('button', { name: 'Herunterladen' }, SLOW);
    expect((screen.getByLabelText('Sprache der Datei') as HTMLSelectElement).value).toBe('de');
    expect(screen.getByRole('heading', { level: 1, name: 'Notfallakte' })).toBeTruthy();
  });

  it('a plan without the file: the paid-service prompt with the upgrade link, Download disabled', async () => {
    const { server } = setup({
      info: fakeEmergencyInfo({ may_download: false, message: 'Paid_Service_Text' }),
    });
    const notice = await screen.findByTestId('plan-limit-notice', {}, SLOW);
    expect(within(notice).getByText('Paid service')).toBeTruthy();
    expect(within(notice).getByText('This feature is available with a paid plan.')).toBeTruthy();
    expect(within(notice).getByRole('link').getAttribute('href')).toBe('/my-account/subscription');
    const button = await downloadButton();
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(server.find('GET', '/v1/emergency')).toHaveLength(0);
  });

  it('animal-care sequence 0: Download_Not_Allowed_Text, Download disabled', async () => {
    setup({
      brand: 'animal-care',
      info: fakeEmergencyInfo({ may_download: false, message: 'Download_Not_Allowed_Text' }),
    });
    const notice = await screen.findByTestId('plan-limit-notice', {}, SLOW);
    expect(
      within(notice).getByText('Downloading the emergency file is not included in your plan.'),
    ).toBeTruthy();
    expect(within(notice).queryByText('Paid service')).toBeNull();
    expect(((await downloadButton()) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a 403 on download shows the paid-service prompt and disables Download', async () => {
    setup({
      handlers: {
        'GET /v1/emergency': { status: 403, body: { code: 'LIMIT_REACHED', message: 'Paid_Service_Text' } },
      },
    });
    fireEvent.click(await downloadButton());
    const notice = await screen.findByTestId('plan-limit-notice', {}, SLOW);
    expect(within(notice).getByText('Paid service')).toBeTruthy();
    expect(((await downloadButton()) as HTMLButtonElement).disabled).toBe(true);
    expect(saved).toHaveLength(0);
  });

  // Spec 1 section 4: "on failure or unauthorised plan the paid-service prompt is shown".
  it.each([500, 502, 404, 429])(
    'a %i on download shows the paid-service prompt too, what went wrong, and Download stays enabled',
    async (status) => {
      let answer: number = status;
      setup({
        handlers: {
          'GET /v1/emergency': () =>
            answer === 200
              ? { body: '%PDF-1.7 file' }
              : { status: answer, body: { code: `HTTP_${answer}`, message: 'refused' } },
        },
      });
      fireEvent.click(await downloadButton());
      const notice = await screen.findByTestId('plan-limit-notice', {}, SLOW);
      expect(within(notice).getByText('Paid service')).toBeTruthy();
      expect(within(notice).getByText('This feature is available with a paid plan.')).toBeTruthy();
      const failure = screen
        .getAllByRole('alert')
        .find((alert) => alert.textContent?.startsWith('The emergency file could not be downloaded.'));
      expect(failure).toBeTruthy();
      const button = (await downloadButton()) as HTMLButtonElement;
      expect(button.disabled).toBe(false);
      expect(saved).toHaveLength(0);

      // A second try that works clears the prompt.
      answer = 200;
      fireEvent.click(button);
      await waitFor(() => expect(saved).toHaveLength(1), SLOW);
      await waitFor(() => expect(screen.queryByTestId('plan-limit-notice')).toBeNull(), SLOW);
    },
  );
});

describe('/emergency-data: the emergency password', () => {
  it('shows the password, where it comes from, and a copy button', async () => {
    setup({ info: fakeEmergencyInfo({ password: 'AB12CD34EF', password_source: 'activation_code' }) });
    const field = (await screen.findByRole(
      'textbox',
      { name: 'Emergency password' },
      SLOW,
    )) as HTMLInputElement;
    expect(field.value).toBe('AB12CD34EF');
    expect(field.readOnly).toBe(true);
    expect(screen.getByText('This is the activation code you redeemed.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
    // A redeemed code is not replaced here.
    expect(screen.queryByRole('button', { name: 'Replace password' })).toBeNull();
  });

  it('without one, a plan with the file creates one and shows it', async () => {
    let info = fakeEmergencyInfo({ password: null, password_source: null });
    const { server } = setup({
      info: () => info,
      handlers: {
        'POST /v1/emergency/password': () => {
          info = fakeEmergencyInfo({ password: 'NEWPASS2345X' });
          return { status: 201, body: { password: 'NEWPASS2345X' } };
        },
      },
    });
    expect(await screen.findByText(/You have no emergency password yet\./, {}, SLOW)).toBeTruthy();
    expect(screen.getByText('Create an emergency password first: the QR code carries it.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create emergency password' }));
    expect(await screen.findByDisplayValue('NEWPASS2345X', {}, SLOW)).toBeTruthy();
    expect(server.find('POST', '/v1/emergency/password')).toHaveLength(1);
    expect(screen.getByText('This is your personal emergency password.')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'QR tag of Bello' }, SLOW)).toBeTruthy();
  });

  it('without one and a plan without the file: no create button', async () => {
    setup({
      info: fakeEmergencyInfo({
        may_download: false,
        message: 'Paid_Service_Text',
        password: null,
        password_source: null,
        may_create_password: false,
      }),
    });
    expect(
      await screen.findByText(/comes with a plan that includes the emergency file/, {}, SLOW),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create emergency password' })).toBeNull();
  });

  it('replacing asks first, warning that the old one stops at once; cancel sends nothing', async () => {
    let info = fakeEmergencyInfo();
    const { server } = setup({
      info: () => info,
      handlers: {
        'POST /v1/emergency/password': () => {
          info = fakeEmergencyInfo({ password: 'REPLACED99XY' });
          return { status: 201, body: { password: 'REPLACED99XY' } };
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Replace password' }, SLOW));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    expect(within(dialog).getByText(/the old one stops working at once/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SLOW);
    expect(server.find('POST', '/v1/emergency/password')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Replace password' }));
    const again = await screen.findByRole('dialog', {}, SLOW);
    fireEvent.click(within(again).getByRole('button', { name: 'Replace password' }));
    expect(await screen.findByDisplayValue('REPLACED99XY', {}, SLOW)).toBeTruthy();
    expect(server.find('POST', '/v1/emergency/password')).toHaveLength(1);
  });
});

describe('/emergency-data: public downloads and tags', () => {
  it('no public download yet: the empty state and what the owner is told', async () => {
    setup();
    expect(await screen.findByTestId('downloads-empty', {}, SLOW)).toBeTruthy();
    expect(screen.getByText(/is logged here.*at most once an hour/)).toBeTruthy();
  });

  it('lists the public downloads with local time, language and client', async () => {
    const at = new Date(2026, 2, 14, 9, 5).toISOString();
    setup({
      info: fakeEmergencyInfo({
        downloads: [
          { at, language: 'de', client: 'Firefox on Android' },
          { at: new Date(2026, 2, 1, 18, 30).toISOString(), language: 'en', client: null },
        ],
      }),
    });
    const table = await screen.findByRole('table', {}, SLOW);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]!.textContent).toBe('14.03.2026 09:05DeutschFirefox on Android');
    expect(rows[2]!.textContent).toBe('01.03.2026 18:30EnglishUnknown');
    expect(screen.queryByTestId('downloads-empty')).toBeNull();
  });

  it('a plan without the file and no password: the tags say why, not to create a password', async () => {
    setup({
      info: fakeEmergencyInfo({
        may_download: false,
        message: 'Paid_Service_Text',
        password: null,
        password_source: null,
        may_create_password: false,
      }),
    });
    expect(
      await screen.findByText(
        'A QR tag carries the emergency password, which your plan does not include.',
        {},
        SLOW,
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/Create an emergency password first/)).toBeNull();
    expect(screen.queryByRole('button', { name: /^QR tag of / })).toBeNull();
  });

  it('a pet’s QR tag downloads busy, with the pet and the UI language', async () => {
    const { server } = setup();
    const release = holdAnswers(server, '/v1/emergency/tag');
    const tag = await screen.findByRole('button', { name: 'QR tag of Luna' }, SLOW);
    fireEvent.click(tag);
    await waitFor(() => expect(tag.getAttribute('data-loading')).toBe('true'), SLOW);
    release();
    await waitFor(() => expect(saved).toHaveLength(1), SLOW);
    const call = server.find('GET', '/v1/emergency/tag')[0]!;
    expect(call.url.searchParams.get('pet_id')).toBe('pet-2');
    expect(call.url.searchParams.get('language')).toBe('en');
    expect(saved[0]!.name).toBe('Emergency_Tag_Luna.pdf');
  });

  it('explains how a finder uses /notfall', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'How a finder uses it' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: /\/notfall$/ }).getAttribute('href')).toBe('/notfall');
  });

  it('hunde-schutz speaks of dogs', async () => {
    setup({ brand: 'hunde-schutz' });
    expect(
      await screen.findByText(/everything a finder or a vet needs about your dogs/, {}, SLOW),
    ).toBeTruthy();
  });
});
