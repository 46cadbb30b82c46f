import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useMyInfo } from '../lib/session/myInfo.ts';
import { fakeMyInfo, type MockAnswer, mockFetch } from '../test/fetchMock.ts';
import { renderRoutes } from '../test/render.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';

afterEach(() => notifications.clean());

/** The top bar's switch once the profile is loaded, as a signed-in user sees it. */
function SignedInBar() {
  return useMyInfo().data ? <LanguageSwitch /> : null;
}

function renderSwitch(saveAnswer: MockAnswer) {
  const fetch = mockFetch({
    'GET /v1/auth/myinfo': { body: fakeMyInfo({ language: 'en' }) },
    'PUT /v1/auth/modify': saveAnswer,
  });
  const view = renderRoutes([{ path: '/', element: <SignedInBar /> }]);
  return { fetch, ...view };
}

async function chooseGerman() {
  fireEvent.click(await screen.findByRole('button', { name: 'EN, change language' }));
  fireEvent.click(await screen.findByRole('menuitem', { name: 'Deutsch' }));
}

describe('language switch, signed in', () => {
  it('its name begins with the language it shows (label in name), in German too', async () => {
    const { i18n } = renderSwitch({ body: fakeMyInfo({ language: 'de' }) });
    const button = await screen.findByRole('button', { name: 'EN, change language' });
    expect(button.textContent).toContain('EN');
    await chooseGerman();
    await waitFor(() => expect(i18n.language).toBe('de'));
    expect((await screen.findByRole('button', { name: 'DE, Sprache wechseln' })).textContent).toContain('DE');
  });

  it('switches the interface and saves the language to the profile', async () => {
    const { fetch, i18n } = renderSwitch({ body: fakeMyInfo({ language: 'de' }) });
    await chooseGerman();
    await waitFor(() => expect(fetch.find('PUT', '/v1/auth/modify')).toHaveLength(1));
    expect(fetch.find('PUT', '/v1/auth/modify')[0]?.body).toEqual({ language: 'de' });
    expect(i18n.language).toBe('de');
    expect(fetch.find('POST', '/v1/log')).toHaveLength(0);
  });

  it('a failed save says so in the new language and is logged exactly once', async () => {
    const { fetch } = renderSwitch({ status: 500, body: { code: 'INTERNAL_ERROR', message: 'x' } });
    await chooseGerman();
    expect(
      await screen.findByText('Die Sprache konnte nicht in Ihrem Profil gespeichert werden.'),
    ).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetch.find('PUT', '/v1/auth/modify')).toHaveLength(1);
    expect(fetch.find('POST', '/v1/log')).toHaveLength(1);
  });
});
