import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FINDINGS_URL, fakeDocument, fakeList, meOnPremium, SAFE_URL } from '../test/fakeDocuments.ts';
import { renderDocuments } from '../test/renderDocuments.tsx';

const SLOW = { timeout: 4000 };

const MIXED = [
  fakeDocument({ id: 'i1', document_type: 'Insurance' }),
  fakeDocument({ id: 'i2', document_type: 'Insurance' }),
  fakeDocument({ id: 'b1', document_type: 'Bills' }),
  fakeDocument({ id: 'o1', document_type: 'Others' }),
  fakeDocument({ id: 'x1', document_type: 'X-rays' }),
  fakeDocument({ id: 'f1', document_type: 'Other Findings' }),
];

function countOf(list: string) {
  return within(screen.getByTestId(`document-list-${list}`)).getByText(/^(\d+ documents?|No documents)$/)
    .textContent;
}

describe('document hubs', () => {
  it('the document safe: a row per list with its count, each linking to its list', async () => {
    renderDocuments(SAFE_URL, { list: fakeList(MIXED, { total: 9, limit: 20 }) });
    const nav = await screen.findByRole('navigation', { name: 'Lists' }, SLOW);
    expect(within(nav).getAllByRole('link')).toHaveLength(6);
    expect(countOf('insurances')).toBe('2 documents');
    expect(countOf('bill')).toBe('1 document');
    // "others" of the safe is not "others" of the findings.
    expect(countOf('others')).toBe('1 document');
    expect(countOf('certificates-of-descent')).toBe('No documents');
    expect(
      within(nav)
        .getByRole('link', { name: /Insurances/ })
        .getAttribute('href'),
    ).toBe(`${SAFE_URL}/insurances`);
    expect(screen.getByTestId('pet-banner').textContent).toContain('Document safe');
    expect(screen.getByTestId('document-usage').textContent).toBe('9 of 20 documents stored (all pets)');
  });

  it('vet findings: its own seven lists and counts', async () => {
    renderDocuments(FINDINGS_URL, { list: fakeList(MIXED) });
    const nav = await screen.findByRole('navigation', { name: 'Lists' }, SLOW);
    expect(within(nav).getAllByRole('link')).toHaveLength(7);
    expect(countOf('xrays')).toBe('1 document');
    expect(countOf('others')).toBe('1 document');
    expect(countOf('prescriptions')).toBe('No documents');
    expect(
      within(nav)
        .getByRole('link', { name: /X-rays/ })
        .getAttribute('href'),
    ).toBe(`${FINDINGS_URL}/xrays`);
  });

  it('the dog tax is a pet tax where the brand keeps more than dogs', async () => {
    renderDocuments(SAFE_URL);
    expect(await screen.findByRole('link', { name: /Pet tax/ }, SLOW)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Dog tax/ })).toBeNull();
  });

  it('on the dog-only brand it stays the dog tax, in German too', async () => {
    renderDocuments(SAFE_URL, { brand: 'hunde-schutz', language: 'de' });
    expect(await screen.findByRole('link', { name: /Hundesteuer/ }, SLOW)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Tiersteuer/ })).toBeNull();
    expect(
      screen.getByText('Die Unterlagen Ihres Hundes sicher an einem Ort, nach Art sortiert.'),
    ).toBeTruthy();
  });

  it('"Download all" links to the pet’s ZIP; without documents it is off', async () => {
    renderDocuments(SAFE_URL, { list: fakeList(MIXED) });
    const link = await screen.findByRole('link', { name: 'Download all' }, SLOW);
    expect(link.getAttribute('href')).toBe('/v1/document/zip?pet_id=pet-1');
    expect(link.hasAttribute('download')).toBe(true);
  });

  it('"Download all" is disabled while the pet has no document; 100 or more reads as unlimited', async () => {
    renderDocuments(SAFE_URL, { me: meOnPremium(), list: fakeList([], { total: 12, limit: 100 }) });
    expect(
      (await screen.findByText('12 documents stored (all pets), no limit', {}, SLOW)).textContent,
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download all' }).hasAttribute('disabled')).toBe(true);
  });
});
