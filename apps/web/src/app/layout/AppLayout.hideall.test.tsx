// Spec 1 section 2: users in hideall (sign-in finishing) who must activate a product go to activate-product.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setSignInPending } from '../../lib/session/visibility.ts';
import { fakeMyInfo, mockFetch } from '../../test/fetchMock.ts';
import { FREE } from '../../test/plans.ts';
import { renderRoutes } from '../../test/render.tsx';
import { AppLayout } from './AppLayout.tsx';

const ACTIVATE = '/my-account/activate-product';

function renderAt(url: string, brand: 'hunde-schutz' | 'petention', productAssociated: boolean) {
  mockFetch({
    'GET /v1/auth/myinfo': { body: fakeMyInfo({ product: FREE, product_associated: productAssociated }) },
  });
  return renderRoutes(
    [
      {
        element: <AppLayout />,
        children: [
          { path: '/dashboard', element: <p>dashboard page</p> },
          { path: ACTIVATE, element: <p>activate page</p> },
        ],
      },
    ],
    { url, brand },
  );
}

describe('the hideall state', () => {
  it('a held user in hideall on another page goes to activate-product', async () => {
    setSignInPending(true);
    const { router } = renderAt('/dashboard', 'hunde-schutz', false);
    await waitFor(() => expect(router.state.location.pathname).toBe(ACTIVATE));
    expect(await screen.findByText('activate page')).toBeTruthy();
    expect(screen.queryByText('dashboard page')).toBeNull();
  });

  it('a user who need not activate stays where the sign-in sent them', async () => {
    setSignInPending(true);
    const { router } = renderAt('/dashboard', 'petention', true);
    expect(await screen.findByText('dashboard page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
