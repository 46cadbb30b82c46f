// Spec 2 section 7 (issue 47, point 8): "Upload failures are reported to an error-reporting service" – a
// document file that fails to upload is logged to the server through POST /v1/log (spec 1 section 7: log,
// platform web, error), once per failed file.
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockXhr } from '../../../test/xhrMock.ts';
import { fakeEntry, fakeList, SAFE_URL } from '../test/fakeDocuments.ts';
import { renderDocuments } from '../test/renderDocuments.tsx';

const SLOW = { timeout: 4000 };
const ADD = `${SAFE_URL}/insurances/add-insurance`;

afterEach(() => notifications.clean());

function pdf(name: string): File {
  return new File(['x'], name, { type: 'application/pdf' });
}

/** Describes the record and picks `files` in the add form. */
async function fillIn(...files: File[]) {
  const field = await screen.findByRole('textbox', { name: /^Description/ }, SLOW);
  fireEvent.change(field, { target: { value: 'Policy' } });
  fireEvent.blur(field);
  const input = await screen.findByLabelText('Files', { selector: 'input[type=file]' }, SLOW);
  fireEvent.change(input, { target: { files } });
  await waitFor(() => expect(screen.queryAllByTestId('picked-file')).toHaveLength(files.length));
}

interface LogReport {
  log: string;
  platform: string;
  error?: { status?: number; code?: string };
}

describe('a failed document upload is logged to the server (spec 2 section 7)', () => {
  it('a server fault (500) on one of two files is reported once, as a document upload, with its status', async () => {
    let uploads = 0;
    mockXhr({
      'POST /v1/upload/document': () =>
        uploads++ === 0
          ? { status: 500, body: { code: 'INTERNAL_ERROR', message: 'x' } }
          : { status: 201, body: { data: [fakeEntry()] } },
    });
    const { server } = renderDocuments(ADD, { list: fakeList([]) });
    await fillIn(pdf('broken.pdf'), pdf('fine.pdf'));
    fireEvent.click(screen.getByRole('button', { name: 'Add insurance' }));
    expect(await screen.findByTestId('upload-failed', {}, SLOW)).toBeTruthy();

    await waitFor(() => expect(server.find('POST', '/v1/log')).toHaveLength(1));
    const report = server.find('POST', '/v1/log')[0]?.body as LogReport;
    expect(report.platform).toBe('web');
    expect(report.log).toContain('document upload failed');
    expect(report.error).toMatchObject({ status: 500, code: 'INTERNAL_ERROR' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.find('POST', '/v1/log')).toHaveLength(1);
    expect(server.find('POST', '/v1/document')).toHaveLength(0);
  });

  it('a file that loses the connection is reported too (status 0)', async () => {
    mockXhr({ 'POST /v1/upload/document': { status: 0 } });
    const { server } = renderDocuments(ADD, { list: fakeList([]) });
    await fillIn(pdf('a.pdf'));
    fireEvent.click(screen.getByRole('button', { name: 'Add insurance' }));
    await waitFor(() => expect(server.find('POST', '/v1/log')).toHaveLength(1), SLOW);
    const report = server.find('POST', '/v1/log')[0]?.body as LogReport;
    expect(report.log).toContain('document upload failed');
    expect(report.error).toMatchObject({ status: 0 });
  });

  it('files that upload send no report', async () => {
    mockXhr({ 'POST /v1/upload/document': { status: 201, body: { data: [fakeEntry()] } } });
    const { server } = renderDocuments(ADD, {
      list: fakeList([]),
      handlers: { 'POST /v1/document': { status: 201, body: {} } },
    });
    await fillIn(pdf('a.pdf'));
    fireEvent.click(screen.getByRole('button', { name: 'Add insurance' }));
    await waitFor(() => expect(server.find('POST', '/v1/document')).toHaveLength(1), SLOW);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.find('POST', '/v1/log')).toHaveLength(0);
  });
});
