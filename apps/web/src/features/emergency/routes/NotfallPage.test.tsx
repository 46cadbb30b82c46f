import type { BrandId } from '@pet/shared/brands';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type MockAnswer, mockFetch } from '../../../test/fetchMock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { catchSavedFiles, holdAnswers } from '../test/fakeEmergency.ts';
import { NotfallPage } from './NotfallPage.tsx';

const SLOW = { timeout: 4000 };
const saved = catchSavedFiles();

function setup({
  url = '/notfall',
  answer = { body: '%PDF-1.7 public' },
  brand,
}: {
  url?: string;
  answer?: MockAnswer;
  brand?: BrandId;
} = {}) {
  const server = mockFetch({
    'GET /v1/emergency/public': answer,
    'POST /v1/log': { status: 204 },
  });
  // The browser (and the app) speak English: the page still starts in German.
  const view = renderRoutes([{ path: '/notfall', element: <NotfallPage /> }], { url, language: 'en', brand });
  return { server, ...view };
}

const passwordField = async (name = /^Notfallpasswort/) =>
  (await screen.findByRole('textbox', { name }, SLOW)) as HTMLInputElement;
const publicCalls = (server: ReturnType<typeof mockFetch>) => server.find('GET', '/v1/emergency/public');

describe('/notfall', () => {
  it('starts in German whatever the browser language, with German chosen for the file', async () => {
    setup();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Notfallakte herunterladen' }, SLOW),
    ).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Deutsch' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Herunterladen' })).toBeTruthy();
  });

  it("the form's field is the spec's emergency_code (the call's query parameter stays activation_code)", async () => {
    setup();
    expect((await passwordField()).getAttribute('name')).toBe('emergency_code');
  });

  it('the language radio group has an accessible name, in German and in English', async () => {
    setup();
    expect(await screen.findByRole('radiogroup', { name: 'Sprache' }, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'English' }));
    expect(await screen.findByRole('radiogroup', { name: 'Language' }, SLOW)).toBeTruthy();
  });

  it('an empty password: the required message on blur and on submit, and no call', async () => {
    const { server } = setup();
    const field = await passwordField();
    fireEvent.blur(field);
    expect(await screen.findByText('Notfallpasswort ist erforderlich.', {}, SLOW)).toBeTruthy();
    fireEvent.change(field, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Herunterladen' }));
    expect(await screen.findByText('Notfallpasswort ist erforderlich.', {}, SLOW)).toBeTruthy();
    expect(publicCalls(server)).toHaveLength(0);
  });

  it('prefills the password from ?code= (the QR tag) and downloads it, busy meanwhile, as Notfallakte.pdf', async () => {
    const { server } = setup({ url: '/notfall?code=AB12CD34EF' });
    const release = holdAnswers(server, '/v1/emergency/public');
    expect((await passwordField()).value).toBe('AB12CD34EF');
    const button = screen.getByRole('button', { name: 'Herunterladen' });
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute('data-loading')).toBe('true'), SLOW);
    release();
    await waitFor(() => expect(saved).toHaveLength(1), SLOW);
    expect(saved[0]!.name).toBe('Notfallakte.pdf');
    expect(await saved[0]!.blob.text()).toContain('%PDF-1.7 public');
    const query = publicCalls(server)[0]!.url.searchParams;
    expect(query.get('activation_code')).toBe('AB12CD34EF');
    expect(query.get('language')).toBe('de');
    expect(await screen.findByText('Die Notfallakte wurde heruntergeladen.', {}, SLOW)).toBeTruthy();
  });

  it('English switches the page and the file: trimmed password, language=en, Emergency_File.pdf', async () => {
    const { server } = setup();
    const radio = await screen.findByRole('radio', { name: 'English' }, SLOW);
    fireEvent.click(radio);
    const field = await passwordField(/^Emergency password/);
    expect(screen.getByRole('heading', { level: 1, name: 'Download an emergency file' })).toBeTruthy();
    fireEvent.change(field, { target: { value: '  AB12CD34EF  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(saved).toHaveLength(1), SLOW);
    expect(saved[0]!.name).toBe('Emergency_File.pdf');
    const query = publicCalls(server)[0]!.url.searchParams;
    expect(query.get('activation_code')).toBe('AB12CD34EF');
    expect(query.get('language')).toBe('en');
  });

  it.each([
    [403, 'Die Notfalldatei wird für dieses Abonnement nicht unterstützt.'],
    [429, 'Zu viele Versuche. Bitte warten Sie einen Moment und versuchen Sie es dann erneut.'],
    [401, 'Ungültiges Notfallpasswort.'],
    [404, 'Ungültiges Notfallpasswort.'],
    [500, 'Ungültiges Notfallpasswort.'],
  ])('a %i answer says: %s', async (status, text) => {
    setup({
      url: '/notfall?code=WRONG12345',
      answer: { status, body: { code: `HTTP_${status}`, message: 'refused' } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Herunterladen' }, SLOW));
    expect((await screen.findByRole('alert', {}, SLOW)).textContent).toBe(text);
    expect(saved).toHaveLength(0);
  });

  it('in English, the refusals are translated', async () => {
    setup({ url: '/notfall?code=WRONG12345', answer: { status: 403, body: { message: 'refused' } } });
    fireEvent.click(await screen.findByRole('radio', { name: 'English' }, SLOW));
    fireEvent.click(await screen.findByRole('button', { name: 'Download' }, SLOW));
    expect((await screen.findByRole('alert', {}, SLOW)).textContent).toBe(
      'The emergency file is not included in this subscription.',
    );
  });

  it('hunde-schutz speaks of a found dog', async () => {
    setup({ brand: 'hunde-schutz' });
    expect(await screen.findByText(/^Sie haben einen Hund gefunden\?/, {}, SLOW)).toBeTruthy();
  });
});
