import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../../test/fetchMock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { ConditionsPage, DataProtectionPage, PdfPage } from '../routes/LegalPages.tsx';

const SLOW = { timeout: 4000 };

const PRIVACY = `> **Template — replace before going live.** A placeholder.

## What Petention stores

- **Your account:** name and e-mail address.
- **Plan and payments:** processed by **Stripe**.

See the [imprint](/pdf) and [Stripe](https://stripe.com/privacy).
`;

function serve(markdown: string | ((language: string) => string), status = 200) {
  return mockFetch({
    'GET /v1/legal/privacy': ({ url }) => {
      const language = url.searchParams.get('language') ?? '';
      const text = typeof markdown === 'function' ? markdown(language) : markdown;
      return { status, body: status === 200 ? { document: 'privacy', language, markdown: text } : undefined };
    },
    'GET /v1/legal/imprint': ({ url }) => ({
      body: { document: 'imprint', language: url.searchParams.get('language'), markdown: 'Imprint text' },
    }),
    'GET /v1/legal/terms': ({ url }) => ({
      body: { document: 'terms', language: url.searchParams.get('language'), markdown: 'Terms text' },
    }),
  });
}

const privacyRoutes = [
  { path: '/dataprotectionpdf', element: <DataProtectionPage /> },
  { path: '/pdf', element: <PdfPage /> },
];

describe('legal pages', () => {
  it('shows the brand’s text in the reader’s language under the title, with Mantine headings, lists and links', async () => {
    const server = serve(PRIVACY);
    const { router } = renderRoutes(privacyRoutes);
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy();

    expect(
      await screen.findByRole('heading', { level: 2, name: 'What Petention stores' }, SLOW),
    ).toBeTruthy();
    expect(server.find('GET', '/v1/legal/privacy')[0]!.url.searchParams.get('language')).toBe('en');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('Stripe', { selector: 'strong' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Stripe' }).getAttribute('target')).toBe('_blank');
    // A link to another page of the portal stays in the app.
    fireEvent.click(screen.getByRole('link', { name: 'imprint' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pdf'));
    expect(await screen.findByText('Imprint text', {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Imprint' })).toBeTruthy();
  });

  it('in German: the German title and the German text', async () => {
    const server = serve((language) => (language === 'de' ? 'Deutscher Text' : 'English text'));
    renderRoutes([{ path: '/conditions', element: <ConditionsPage /> }], { language: 'de' });
    expect(screen.getByRole('heading', { level: 1, name: 'Allgemeine Geschäftsbedingungen' })).toBeTruthy();
    expect(await screen.findByText('Terms text', {}, SLOW)).toBeTruthy();
    expect(server.find('GET', '/v1/legal/terms')[0]!.url.searchParams.get('language')).toBe('de');

    renderRoutes([{ path: '/dataprotectionpdf', element: <DataProtectionPage /> }], { language: 'de' });
    expect(await screen.findByText('Deutscher Text', {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Datenschutzerklärung' })).toBeTruthy();
  });

  it('never renders HTML or script links from a text: they show as text or lose their address', async () => {
    serve(
      'Before <script>window.hacked = true</script> <img src="x" onerror="window.hacked = true">\n\n' +
        '<iframe src="https://evil.example"></iframe>\n\n[click](javascript:window.hacked=true) ![pic](https://evil.example/p.png)\n',
    );
    const { container } = renderRoutes(privacyRoutes);
    expect(await screen.findByText(/Before/, {}, SLOW)).toBeTruthy();
    const article = screen.getByRole('article');
    expect(article.querySelector('script, img, iframe')).toBeNull();
    expect(article.textContent).toContain('<script>window.hacked = true</script>');
    expect(article.textContent).toContain('<iframe src="https://evil.example"></iframe>');
    expect(screen.getByText('click').closest('a')?.getAttribute('href') ?? '').not.toContain('javascript');
    expect(container.querySelector('img')).toBeNull();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('a failed read says so and tries again on request', async () => {
    let fail = true;
    const server = mockFetch({
      'GET /v1/legal/privacy': ({ url }) =>
        fail
          ? { status: 503, body: { code: 'SERVICE_UNAVAILABLE', message: 'Server_Down_Text' } }
          : {
              body: {
                document: 'privacy',
                language: url.searchParams.get('language'),
                markdown: 'Back again',
              },
            },
    });
    renderRoutes(privacyRoutes);
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert.textContent).toContain('The text could not be loaded.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Back again', {}, SLOW)).toBeTruthy();
    expect(server.find('GET', '/v1/legal/privacy')).toHaveLength(2);
  });
});
