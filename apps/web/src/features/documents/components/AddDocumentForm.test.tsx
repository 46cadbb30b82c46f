import { notifications } from '@mantine/notifications';
import { DOCUMENT_FILE_TYPES } from '@pet/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockXhr } from '../../../test/xhrMock.ts';
import { fakeDocument, fakeEntry, fakeList, SAFE_URL } from '../test/fakeDocuments.ts';
import { renderDocuments } from '../test/renderDocuments.tsx';

const SLOW = { timeout: 4000 };
const INSURANCES = `${SAFE_URL}/insurances`;
const ADD = `${INSURANCES}/add-insurance`;

afterEach(() => {
  notifications.clean();
});

function file(name: string, size = 1000, type = 'application/pdf'): File {
  const made = new File(['x'], name, { type });
  // The size the rules read, without holding 25 MB in the test.
  Object.defineProperty(made, 'size', { value: size });
  return made;
}

async function pick(...files: File[]) {
  const input = await screen.findByLabelText('Files', { selector: 'input[type=file]' }, SLOW);
  fireEvent.change(input, { target: { files } });
}

async function describe_(text: string) {
  const field = await screen.findByRole('textbox', { name: /^Description/ }, SLOW);
  fireEvent.change(field, { target: { value: text } });
  fireEvent.blur(field);
}

function pickedNames() {
  return screen.queryAllByTestId('picked-file').map((row) => row.getAttribute('aria-label'));
}

/** The upload answers one doc_url entry for the file it got. */
function uploadAnswer(url: URL) {
  void url;
  return { status: 201, body: { data: [fakeEntry({ url: `http://x/v1/files/${Math.random()}` })] } };
}

describe('add document form: the drop zone', () => {
  it('renders without a console warning, and its picker accepts every type the upload takes', async () => {
    // react-dropzone warns for each `accept` key that is no media type (it was given extensions).
    const warn = vi.spyOn(console, 'warn');
    const error = vi.spyOn(console, 'error');
    try {
      renderDocuments(ADD);
      const input = await screen.findByLabelText('Files', { selector: 'input[type=file]' }, SLOW);
      expect(warn.mock.calls).toEqual([]);
      expect(error.mock.calls).toEqual([]);
      const accepted = (input.getAttribute('accept') ?? '').split(',');
      for (const [extension, mediaType] of Object.entries(DOCUMENT_FILE_TYPES)) {
        expect(accepted).toContain(`.${extension}`);
        expect(accepted).toContain(mediaType);
      }
    } finally {
      warn.mockRestore();
      error.mockRestore();
    }
  });
});

describe('add document form: the rules', () => {
  it('a description is required: its message shows on blur and on Save; no file says Document_Error; nothing is sent', async () => {
    const xhr = mockXhr({});
    const { server } = renderDocuments(ADD);
    const field = await screen.findByRole('textbox', { name: /^Description/ }, SLOW);
    fireEvent.focus(field);
    fireEvent.blur(field);
    expect(await screen.findByText('Please enter a description.', {}, SLOW)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add insurance' }));
    expect(await screen.findByText('Please add at least one file.', {}, SLOW)).toBeTruthy();
    expect(xhr.uploads).toHaveLength(0);
    expect(server.find('POST', '/v1/document')).toHaveLength(0);
  });

  it('six files at once are refused with To_Many_Files_Error_Text; five are taken', async () => {
    renderDocuments(ADD);
    await pick(...['a', 'b', 'c', 'd', 'e', 'f'].map((n) => file(`${n}.pdf`)));
    expect(await screen.findByText('You can upload at most 5 files at once.', {}, SLOW)).toBeTruthy();
    expect(pickedNames()).toEqual([]);

    await pick(...['a', 'b', 'c', 'd', 'e'].map((n) => file(`${n}.pdf`)));
    await waitFor(() => expect(pickedNames()).toEqual(['a.pdf', 'b.pdf', 'c.pdf', 'd.pdf', 'e.pdf']));
    expect(screen.queryByText('You can upload at most 5 files at once.')).toBeNull();
    // Full: the picker is off until a file is removed.
    expect(screen.getByRole('button', { name: 'Choose files' }).hasAttribute('disabled')).toBe(true);
  });

  it('a file over 26214400 bytes and a refused type are named with their reason; the others are taken', async () => {
    renderDocuments(ADD);
    await pick(
      file('scan.pdf', 26_214_400),
      file('huge.pdf', 26_214_401),
      file('tool.exe', 10, 'application/x-msdownload'),
      file('page.html', 10, 'text/html'),
    );
    const refused = await screen.findByTestId('refused-files', {}, SLOW);
    expect(refused.textContent).toContain('huge.pdf: The file is too large. Each file may be at most 25 MB.');
    expect(refused.textContent).toContain('tool.exe: This file type is not supported.');
    expect(refused.textContent).toContain('page.html: This file type is not supported.');
    expect(refused.textContent).not.toContain('scan.pdf');
    await waitFor(() => expect(pickedNames()).toEqual(['scan.pdf']));
    expect(within(screen.getByTestId('picked-file')).getByText('25 MB')).toBeTruthy();
  });

  it('a picked file can be removed before sending', async () => {
    const xhr = mockXhr({ 'POST /v1/upload/document': uploadAnswer });
    const { server } = renderDocuments(ADD, {
      handlers: { 'POST /v1/document': { status: 201, body: fakeDocument() } },
    });
    await pick(file('keep.pdf'), file('drop.pdf'));
    await waitFor(() => expect(pickedNames()).toEqual(['keep.pdf', 'drop.pdf']));
    fireEvent.click(screen.getByRole('button', { name: 'Remove drop.pdf' }));
    expect(pickedNames()).toEqual(['keep.pdf']);

    await describe_('Policy 2025');
    fireEvent.click(screen.getByRole('button', { name: 'Add insurance' }));
    await waitFor(() => expect(server.find('POST', '/v1/document')).toHaveLength(1), SLOW);
    expect(xhr.uploads.map((u) => u.file?.name)).toEqual(['keep.pdf']);
  });
});

describe('add document form: uploading', () => {
  it('each file has its own progress bar, two upload at a time, and the record is created only after all answered', async () => {
    const xhr = mockXhr({
      'POST /v1/upload/document': (url) => ({ ...uploadAnswer(url), held: true }),
    });
    const { server, router } = renderDocuments(ADD, {
      handlers: { 'POST /v1/document': { status: 201, body: fakeDocument() } },
    });
    await describe_('Three scans');
    await pick(file('one.pdf'), file('two.jpg', 2000, 'image/jpeg'), file('three.docx', 3000, ''));
    await waitFor(() => expect(pickedNames()).toHaveLength(3));
    const save = screen.getByRole('button', { name: 'Add insurance' });
    fireEvent.click(save);

    // Two running at 50 %, the third waiting; Save is pending and the page keeps its Cancel link.
    expect(await screen.findByRole('progressbar', { name: 'one.pdf: 50 % uploaded' }, SLOW)).toBeTruthy();
    expect(await screen.findByRole('progressbar', { name: 'two.jpg: 50 % uploaded' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'three.docx: 0 % uploaded' })).toBeTruthy();
    expect(screen.getByText('three.docx: waiting for its turn')).toBeTruthy();
    expect(xhr.uploads).toHaveLength(2);
    expect(save.hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('link', { name: 'Cancel' })).toBeTruthy();
    expect(xhr.uploads[0]?.url.search).toBe('?file_for=pet&pet_id=pet-1');

    xhr.uploads[0]?.release();
    await waitFor(() => expect(xhr.uploads).toHaveLength(3), SLOW);
    expect(screen.getByRole('progressbar', { name: 'one.pdf: 100 % uploaded' })).toBeTruthy();
    expect(server.find('POST', '/v1/document')).toHaveLength(0);
    xhr.uploads[1]?.release();
    xhr.uploads[2]?.release();

    await waitFor(() => expect(server.find('POST', '/v1/document')).toHaveLength(1), SLOW);
    const created = server.find('POST', '/v1/document')[0]!;
    expect(created.url.searchParams.get('pet_id')).toBe('pet-1');
    expect(created.body).toMatchObject({ document_type: 'Insurance', description: 'Three scans' });
    expect((created.body as { doc_url: string[] }).doc_url).toHaveLength(3);
    expect(await screen.findByText('The document has been saved.', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe(INSURANCES), SLOW);
  });

  it('a failed upload names the file and why; no record is created; saving again sends only that file', async () => {
    let refuse = true;
    const xhr = mockXhr({
      'POST /v1/upload/document': (url) => {
        const answer = uploadAnswer(url);
        return refuse && xhr.uploads.length === 2
          ? { status: 415, body: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'x' } }
          : answer;
      },
    });
    const { server } = renderDocuments(ADD, {
      handlers: { 'POST /v1/document': { status: 201, body: fakeDocument() } },
    });
    await describe_('Mixed');
    await pick(file('fine.pdf'), file('renamed.pdf'));
    await waitFor(() => expect(pickedNames()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Add insurance' }));

    expect(
      await screen.findByText(
        'renamed.pdf could not be uploaded: This file type is not supported.',
        {},
        SLOW,
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/fine\.pdf could not be uploaded/)).toBeNull();
    // The catalogue's Document_Upload_Failed (spec 2 section 8, "Upload failures: ... document"), then what to do.
    expect(screen.getByTestId('upload-failed').textContent).toBe(
      'The document could not be uploaded. Remove the files that failed, or save again to retry them.',
    );
    expect(server.find('POST', '/v1/document')).toHaveLength(0);

    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Add insurance' }));
    await waitFor(() => expect(server.find('POST', '/v1/document')).toHaveLength(1), SLOW);
    expect(xhr.uploads.map((u) => u.file?.name)).toEqual(['fine.pdf', 'renamed.pdf', 'renamed.pdf']);
    expect((server.find('POST', '/v1/document')[0]!.body as { doc_url: string[] }).doc_url).toHaveLength(2);
  });

  it('a lost connection and a 413 are said per file', async () => {
    const xhr = mockXhr({
      'POST /v1/upload/document': () =>
        xhr.uploads.length === 1
          ? { status: 0 }
          : { status: 413, body: { code: 'PAYLOAD_TOO_LARGE', message: 'x' } },
    });
    renderDocuments(ADD, { list: fakeList([]) });
    await describe_('Two');
    await pick(file('a.pdf'), file('b.pdf'));
    await waitFor(() => expect(pickedNames()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Add insurance' }));
    expect(
      await screen.findByText(/^a\.pdf could not be uploaded: The server cannot be reached/, {}, SLOW),
    ).toBeTruthy();
    expect(
      screen.getByText('b.pdf could not be uploaded: The file is too large. Each file may be at most 25 MB.'),
    ).toBeTruthy();
  });
});
