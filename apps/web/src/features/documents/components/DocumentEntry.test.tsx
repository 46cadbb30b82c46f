import { notifications } from '@mantine/notifications';
import type { PetDocument } from '@pet/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeDocument, fakeEntry, fakeList, SAFE_URL } from '../test/fakeDocuments.ts';
import { renderDocuments } from '../test/renderDocuments.tsx';

const SLOW = { timeout: 4000 };
const INSURANCES = `${SAFE_URL}/insurances`;

afterEach(() => {
  notifications.clean();
});

function setup() {
  let docs: PetDocument[] = [
    fakeDocument({
      id: 'doc-7',
      description: 'Liability 2025',
      doc_url: [
        fakeEntry({
          url: 'http://localhost:3000/v1/files/img',
          type: 'image/jpeg',
          name: 'card.jpg',
          size: 2_400_000,
        }),
        fakeEntry({
          url: 'http://localhost:3000/v1/files/pdf',
          type: 'application/pdf',
          name: 'policy.pdf',
          size: 512,
        }),
        fakeEntry({
          url: 'http://localhost:3000/v1/files/doc',
          type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          name: 'terms.docx',
          size: 20_480,
        }),
      ],
    }),
  ];
  return renderDocuments(INSURANCES, {
    list: () => fakeList(docs),
    handlers: {
      'PUT /v1/document': ({ body }) => {
        docs = [{ ...docs[0]!, ...(body as object) }];
        return { body: docs[0] };
      },
      'DELETE /v1/document': () => {
        docs = [];
        return { status: 204 };
      },
    },
  });
}

async function openRow() {
  fireEvent.click(await screen.findByRole('button', { name: /Liability 2025/ }, SLOW));
  return screen.findByRole('list', { name: 'Files' }, SLOW);
}

describe('a document in view mode', () => {
  it('images show a thumbnail and open in a new tab; a PDF opens too; anything else downloads', async () => {
    setup();
    const files = await openRow();
    const [image, pdf, word] = within(files).getAllByTestId('document-file');

    const openImage = within(image!).getByRole('link', { name: 'Open card.jpg' });
    expect(openImage.getAttribute('href')).toBe('http://localhost:3000/v1/files/img');
    expect(openImage.getAttribute('target')).toBe('_blank');
    expect(openImage.getAttribute('rel')).toContain('noopener');
    expect(within(image!).getByTestId('file-thumbnail').getAttribute('src')).toBe(
      'http://localhost:3000/v1/files/img',
    );
    expect(within(image!).getByText('2.3 MB')).toBeTruthy();

    expect(within(pdf!).getByRole('link', { name: 'Open policy.pdf' }).getAttribute('target')).toBe('_blank');
    expect(within(pdf!).queryByTestId('file-thumbnail')).toBeNull();
    expect(within(pdf!).getByTestId('file-icon')).toBeTruthy();
    expect(within(pdf!).getByText('512 B')).toBeTruthy();

    const download = within(word!).getByRole('link', { name: 'Download terms.docx' });
    expect(download.getAttribute('download')).toBe('terms.docx');
    expect(download.hasAttribute('target')).toBe(false);
    expect(within(word!).getByTestId('file-icon')).toBeTruthy();
    expect(within(word!).getByText('20 KB')).toBeTruthy();
  });
});

describe('a document in edit mode', () => {
  it('changes only the description: Cancel goes back to view mode, Save sends PUT ?doc_id= and collapses the row', async () => {
    const { server } = setup();
    await openRow();
    fireEvent.click(screen.getByRole('button', { name: 'Edit description' }));
    const field = (await screen.findByRole('textbox', { name: /^Description/ }, SLOW)) as HTMLTextAreaElement;
    expect(field.value).toBe('Liability 2025');
    expect(screen.queryByRole('list', { name: 'Files' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('list', { name: 'Files' }, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit description' }));

    const again = (await screen.findByRole('textbox', { name: /^Description/ }, SLOW)) as HTMLTextAreaElement;
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.change(again, { target: { value: '' } });
    fireEvent.blur(again);
    expect(await screen.findByText('Please enter a description.', {}, SLOW)).toBeTruthy();

    fireEvent.change(again, { target: { value: 'Liability 2026' } });
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    fireEvent.click(save);
    await waitFor(() => expect(server.find('PUT', '/v1/document')).toHaveLength(1), SLOW);
    const sent = server.find('PUT', '/v1/document')[0]!;
    expect(sent.url.searchParams.get('doc_id')).toBe('doc-7');
    expect(sent.body).toEqual({ description: 'Liability 2026' });
    expect(await screen.findByText('The description has been saved.', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save' })).toBeNull(), SLOW);
    expect(await screen.findByRole('button', { name: /Liability 2026/ }, SLOW)).toBeTruthy();
  });

  it('Delete asks first; cancelling sends nothing, confirming sends DELETE ?doc_id= and shows the emptied list', async () => {
    const { server, router } = setup();
    await openRow();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    expect(within(dialog).getByText('The document and its files are deleted for good.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SLOW);
    expect(server.find('DELETE', '/v1/document')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete document' }, SLOW));
    await waitFor(() => expect(server.find('DELETE', '/v1/document')).toHaveLength(1), SLOW);
    expect(server.find('DELETE', '/v1/document')[0]!.url.searchParams.get('doc_id')).toBe('doc-7');
    expect(await screen.findByText('The document has been deleted.', {}, SLOW)).toBeTruthy();
    expect(await screen.findByText('No documents yet', {}, SLOW)).toBeTruthy();
    expect(router.state.location.pathname).toBe(INSURANCES);
  });
});

describe('a read-only document (beyond the plan’s documents_limit after a paid plan ended)', () => {
  it('carries a badge in the list; opened, it says why, Edit is disabled and Delete stays', async () => {
    renderDocuments(INSURANCES, {
      list: () =>
        fakeList(
          [
            fakeDocument({ id: 'doc-new', description: 'Liability 2025' }),
            fakeDocument({ id: 'doc-old', description: 'Liability 2019', read_only: true }),
          ],
          { total: 7, limit: 5 },
        ),
    });
    const oldRow = await screen.findByRole('button', { name: /Liability 2019/ }, SLOW);
    expect(within(oldRow).getByTestId('document-read-only').textContent).toBe('Read-only');
    const newRow = screen.getByRole('button', { name: /Liability 2025/ });
    expect(within(newRow).queryByTestId('document-read-only')).toBeNull();

    fireEvent.click(oldRow);
    expect(await screen.findByText(/beyond the document limit of your current plan/, {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit description' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Delete' }).hasAttribute('disabled')).toBe(false);
  });
});
