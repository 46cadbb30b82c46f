// The not-found page in German. The e2e journey (e2e/tests/not-found.spec.ts) runs in English on petention:
// the server answers an unknown route with the app, and its way home leads a signed-out visitor to sign-in.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetchMock.ts';
import { renderRoutes } from '../../test/render.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';

describe('not-found page', () => {
  it('in German: its code, title, text and the way home', () => {
    mockFetch({});
    renderRoutes([{ path: '/no-such-page', element: <NotFoundPage /> }], { language: 'de' });
    expect(screen.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeTruthy();
    expect(screen.getByText('404')).toBeTruthy();
    expect(screen.getByText('Die gesuchte Seite existiert nicht oder wurde verschoben.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zurück zur Startseite' }).getAttribute('href')).toBe('/');
  });
});
