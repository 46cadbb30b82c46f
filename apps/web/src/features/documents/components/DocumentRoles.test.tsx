// What each role sees of a pet's documents (issue 45): the owner chooses what the sitters see, a co-owner
// writes without that choice, a sitter only reads.

import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakePet } from '../../../test/pets.ts';
import { mockXhr } from '../../../test/xhrMock.ts';
import { fakeDocument, fakeEntry, fakeList, SAFE_URL } from '../test/fakeDocuments.ts';
import { renderDocuments } from '../test/renderDocuments.tsx';

const SLOW = { timeout: 4000 };
const INSURANCES = `${SAFE_URL}/insurances`;
const ADD = `${INSURANCES}/add-insurance`;
const CO_OWNED = fakePet({ role: 'co-owner', owner_name: 'Anna Muster' });
const SAT = fakePet({ role: 'sitter', owner_name: 'Anna Muster' });
const SHOWN = fakeDocument({ id: 'doc-1', description: 'Liability policy', visible_to_sitters: true });
const HIDDEN = fakeDocument({ id: 'doc-2', description: 'Health policy', visible_to_sitters: false });

afterEach(() => notifications.clean());

function uploadAnswer() {
  return { status: 201, body: { data: [fakeEntry({ url: 'http://x/v1/files/f9' })] } };
}

async function fillAndPick() {
  const field = await screen.findByRole('textbox', { name: /^Description/ }, SLOW);
  fireEvent.change(field, { target: { value: 'Policy 2026' } });
  fireEvent.blur(field);
  const input = screen.getByLabelText('Files', { selector: 'input[type=file]' });
  fireEvent.change(input, {
    target: { files: [new File(['x'], 'policy.pdf', { type: 'application/pdf' })] },
  });
  await screen.findAllByTestId('picked-file', {}, SLOW);
}

describe('documents by role: the add form', () => {
  it('the owner sees "Show to sitters" and the request carries it', async () => {
    mockXhr({ 'POST /v1/upload/document': uploadAnswer });
    const { server } = renderDocuments(ADD, {
      handlers: { 'POST /v1/document': { status: 201, body: fakeDocument() } },
    });
    await fillAndPick();
    const toggle = screen.getByRole('switch', { name: /Show to sitters/ });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    fireEvent.click(toggle);
    fireEvent.click(screen.getByRole('button', { name: 'Add insurance' }));
    await waitFor(() => expect(server.find('POST', '/v1/document')).toHaveLength(1), SLOW);
    expect(server.find('POST', '/v1/document')[0]?.body).toMatchObject({
      description: 'Policy 2026',
      visible_to_sitters: true,
    });
  });

  it('a co-owner adds without the switch, and the request leaves the choice to the server', async () => {
    mockXhr({ 'POST /v1/upload/document': uploadAnswer });
    const { server } = renderDocuments(ADD, {
      pet: CO_OWNED,
      handlers: { 'POST /v1/document': { status: 201, body: fakeDocument() } },
    });
    await fillAndPick();
    expect(screen.queryByRole('switch', { name: /Show to sitters/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add insurance' }));
    await waitFor(() => expect(server.find('POST', '/v1/document')).toHaveLength(1), SLOW);
    expect(server.find('POST', '/v1/document')[0]?.body).not.toHaveProperty('visible_to_sitters');
  });

  it('a sitter opening the add address sees the notice instead of the form', async () => {
    renderDocuments(ADD, { pet: SAT });
    expect(await screen.findByText('Only the owner or co-owners can change this.', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /^Description/ })).toBeNull();
  });
});

describe('documents by role: the list', () => {
  it('the owner sees the marker on documents shown to sitters, and the switch when editing one', async () => {
    const { server } = renderDocuments(INSURANCES, {
      list: fakeList([SHOWN, HIDDEN]),
      handlers: { 'PUT /v1/document': { body: { ...SHOWN, visible_to_sitters: false } } },
    });
    const rows = await screen.findAllByTestId('document-row', {}, SLOW);
    expect(within(rows[0]!).getByTestId('document-visible-to-sitters').textContent).toBe('Sitters see it');
    expect(within(rows[1]!).queryByTestId('document-visible-to-sitters')).toBeNull();

    fireEvent.click(within(rows[0]!).getAllByRole('button')[0]!);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit description' }, SLOW));
    const toggle = await screen.findByRole('switch', { name: /Show to sitters/ }, SLOW);
    expect((toggle as HTMLInputElement).checked).toBe(true);
    fireEvent.click(toggle);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.find('PUT', '/v1/document')).toHaveLength(1), SLOW);
    expect(server.find('PUT', '/v1/document')[0]?.body).toEqual({
      description: 'Liability policy',
      visible_to_sitters: false,
    });
  });

  it('a co-owner sees the marker and edits the description without the switch', async () => {
    renderDocuments(INSURANCES, { pet: CO_OWNED, list: fakeList([SHOWN]) });
    const row = await screen.findByTestId('document-row', {}, SLOW);
    expect(within(row).getByTestId('document-visible-to-sitters')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add insurance' })).toBeTruthy();
    fireEvent.click(within(row).getAllByRole('button')[0]!);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit description' }, SLOW));
    await screen.findByRole('textbox', { name: /^Description/ }, SLOW);
    expect(screen.queryByRole('switch', { name: /Show to sitters/ })).toBeNull();
  });

  it('a sitter sees the documents without the marker, the plus, Edit or Delete', async () => {
    renderDocuments(INSURANCES, { pet: SAT, list: fakeList([SHOWN]) });
    const row = await screen.findByTestId('document-row', {}, SLOW);
    expect(within(row).queryByTestId('document-visible-to-sitters')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add insurance' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add insurance' })).toBeNull();
    fireEvent.click(within(row).getAllByRole('button')[0]!);
    await screen.findByRole('link', { name: 'Open policy.pdf' }, SLOW);
    expect(screen.queryByRole('button', { name: 'Edit description' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});
