// hunde-schutz holds a user without a product on the activation page; the e2e journey shows it in English
// (e2e/tests/plans.spec.ts), ActivateProductPage.test.tsx proves the rule. This is the German screen.
import { notifications } from '@mantine/notifications';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppLayout } from '../../../app/layout/AppLayout.tsx';
import { fakeMyInfo, mockFetch } from '../../../test/fetchMock.ts';
import { FREE } from '../../../test/plans.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { ActivateProductPage } from './ActivateProductPage.tsx';

const ACTIVATE = '/my-account/activate-product';

afterEach(() => notifications.clean());

describe('hunde-schutz: held on activate-product, in German', () => {
  it('the held page without the side bar, and a wrong code’s message', async () => {
    mockFetch({
      'GET /v1/auth/myinfo': {
        body: fakeMyInfo({ product: FREE, product_associated: false, language: 'de' }),
      },
      'POST /v1/subscription/change/apply': {
        status: 470,
        body: { code: 'CODE_INVALID', message: 'Wrong_Code_Text' },
      },
    });
    const { router } = renderRoutes(
      [{ element: <AppLayout />, children: [{ path: ACTIVATE, element: <ActivateProductPage /> }] }],
      { url: ACTIVATE, brand: 'hunde-schutz', language: 'de' },
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Aktivieren Sie Ihr Produkt, um loszulegen' }),
    ).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Hauptnavigation' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Abmelden' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/^Aktivierungscode/, { selector: 'input' }), {
      target: { value: 'WRONG12345' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Senden' }));
    expect(await screen.findByText('Dieser Aktivierungscode ist ungültig.')).toBeTruthy();
    expect(router.state.location.pathname).toBe(ACTIVATE);
    expect(screen.queryByRole('navigation', { name: 'Hauptnavigation' })).toBeNull();
  });
});
