import { apiPaths } from '@pet/shared/paths';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { mockFetch } from '../../../test/fetchMock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { exportFileName } from '../api/accountExportApi.ts';
import { DataExportCard } from './DataExportCard.tsx';

const SLOW = { timeout: 4000 };

/** jsdom has no object URLs: lent for one test; answers what was saved under which name. */
function captureSaves() {
  const saved: Array<{ blob: Blob; name: string }> = [];
  const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  let last: Blob | undefined;
  URL.createObjectURL = vi.fn((blob: Blob) => {
    last = blob;
    return 'blob:export';
  });
  URL.revokeObjectURL = vi.fn();
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    if (last) saved.push({ blob: last, name: this.download });
  });
  onTestFinished(() => {
    URL.createObjectURL = original.create;
    URL.revokeObjectURL = original.revoke;
    click.mockRestore();
  });
  return saved;
}

describe('download my data', () => {
  it('busy with the bytes received while the ZIP comes, then saved under the server’s name', async () => {
    const saved = captureSaves();
    const server = mockFetch({});
    let push: (bytes: Uint8Array) => void = () => {};
    let finish: () => void = () => {};
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (bytes) => controller.enqueue(bytes);
        finish = () => controller.close();
      },
    });
    server.fetchMock.mockImplementationOnce(
      async () =>
        new Response(body, {
          status: 200,
          headers: {
            'content-type': 'application/zip',
            'content-disposition': `attachment; filename="petention-data-2026-11-24.zip"; filename*=UTF-8''petention-data-2026-11-24.zip`,
          },
        }),
    );
    renderRoutes([{ path: '/', element: <DataExportCard /> }]);
    const button = await screen.findByRole('button', { name: 'Download my data' }, SLOW);
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute('data-loading')).toBe('true'));
    expect(screen.getByText('Collecting your data…')).toBeTruthy();
    push(new Uint8Array(1_500_000));
    expect(await screen.findByText('1.5 MB received…', {}, SLOW)).toBeTruthy();
    push(new Uint8Array(500_000));
    finish();
    expect(await screen.findByText(/Your data has been downloaded/, {}, SLOW)).toBeTruthy();
    expect(button.getAttribute('data-loading')).toBeNull();
    expect(server.fetchMock.mock.calls[0]?.[0]).toBe(apiPaths.accountExport);
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toBe('petention-data-2026-11-24.zip');
    expect(saved[0]!.blob.size).toBe(2_000_000);
  });

  it('a large account: the server prepares it, and the card says an e-mail will come (German)', async () => {
    const saved = captureSaves();
    mockFetch({ [`GET ${apiPaths.accountExport}`]: { status: 202, body: { status: 'preparing' } } });
    renderRoutes([{ path: '/', element: <DataExportCard /> }], { language: 'de' });
    fireEvent.click(await screen.findByRole('button', { name: 'Meine Daten herunterladen' }, SLOW));
    expect(await screen.findByText('Wir bereiten Ihre Daten vor', {}, SLOW)).toBeTruthy();
    expect(screen.getByText(/E-Mail mit einem Download-Link; der Link ist 24 Stunden gültig/)).toBeTruthy();
    expect(saved).toHaveLength(0);
  });

  it('too many exports: the failure with the server’s reason, nothing saved', async () => {
    const saved = captureSaves();
    mockFetch({
      [`GET ${apiPaths.accountExport}`]: {
        status: 429,
        body: { code: 'RATE_LIMITED', message: 'Too_Many_Requests_Text' },
      },
    });
    renderRoutes([{ path: '/', element: <DataExportCard /> }]);
    fireEvent.click(await screen.findByRole('button', { name: 'Download my data' }, SLOW));
    expect(await screen.findByText(/Your data could not be downloaded\./, {}, SLOW)).toBeTruthy();
    expect(saved).toHaveLength(0);
  });

  it('the file name: the UTF-8 one first, then the plain one, else a default', () => {
    expect(exportFileName(`attachment; filename="a_b.zip"; filename*=UTF-8''a%C3%A4b.zip`)).toBe('aäb.zip');
    expect(exportFileName('attachment; filename="plain.zip"')).toBe('plain.zip');
    expect(exportFileName(null)).toBe('my-data.zip');
  });
});
