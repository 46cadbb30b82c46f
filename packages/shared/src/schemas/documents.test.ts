import { describe, expect, it } from 'vitest';
import { DOCUMENT_TYPES, documentFileExtension, opensInBrowser } from '../domain/documents.ts';
import { DOCUMENT_PAGES, documentListOf, documentPath } from '../paths.ts';
import {
  createDocumentSchema,
  parseDocUrl,
  updateDocumentSchema,
  uploadDocumentQuerySchema,
} from './documents.ts';

// The document contract (spec document 2, sections 2, 3, 5 and 7; issue 11): each rule with the field and
// the text key the form and the API show.

type Result = { success: boolean; error?: { issues: Array<{ message: string; path: PropertyKey[] }> } };
const issue = (result: Result) => {
  const first = result.error?.issues[0];
  return first ? { field: first.path.join('.'), key: first.message } : undefined;
};
const entry = JSON.stringify({
  url: 'http://x/v1/files/f1',
  type: 'application/pdf',
  name: 'a.pdf',
  size: 3,
});

describe('document schemas', () => {
  it('a document needs a description, a known type and one to five files', () => {
    const ok = { document_type: 'Bills', description: ' Vet bill March ', doc_url: [entry] };
    expect(createDocumentSchema.parse(ok).description).toBe('Vet bill March');
    expect(issue(createDocumentSchema.safeParse({ ...ok, description: '  ' }))).toEqual({
      field: 'description',
      key: 'Description_Text_Error',
    });
    expect(issue(createDocumentSchema.safeParse({ ...ok, doc_url: [] }))).toEqual({
      field: 'doc_url',
      key: 'Document_Error',
    });
    expect(issue(createDocumentSchema.safeParse({ ...ok, doc_url: Array(6).fill(entry) }))).toEqual({
      field: 'doc_url',
      key: 'To_Many_Files_Error_Text',
    });
    expect(createDocumentSchema.safeParse({ ...ok, doc_url: Array(5).fill(entry) }).success).toBe(true);
    expect(issue(createDocumentSchema.safeParse({ ...ok, document_type: 'Receipts' }))).toEqual({
      field: 'document_type',
      key: 'Invalid_Value_Error',
    });
    expect(issue(createDocumentSchema.safeParse({ ...ok, description: 'x'.repeat(201) }))).toEqual({
      field: 'description',
      key: 'Max_Length_Error',
    });
  });

  it('an edit changes only the description, which stays required', () => {
    expect(issue(updateDocumentSchema.safeParse({ description: '' }))).toEqual({
      field: 'description',
      key: 'Description_Text_Error',
    });
    expect(updateDocumentSchema.parse({ description: 'New', document_type: 'Bills' })).toEqual({
      description: 'New',
    });
  });

  it('the upload is for a pet, which it names', () => {
    expect(uploadDocumentQuerySchema.safeParse({ file_for: 'pet', pet_id: 'p1' }).success).toBe(true);
    expect(issue(uploadDocumentQuerySchema.safeParse({ file_for: 'pet' }))?.field).toBe('pet_id');
    expect(issue(uploadDocumentQuerySchema.safeParse({ file_for: 'user', pet_id: 'p1' }))?.field).toBe(
      'file_for',
    );
  });

  it('doc_url entries are JSON strings of a file; anything else is not one', () => {
    expect(parseDocUrl(entry)).toEqual({
      url: 'http://x/v1/files/f1',
      type: 'application/pdf',
      name: 'a.pdf',
      size: 3,
    });
    expect(parseDocUrl('http://x/v1/files/f1')).toBeNull();
    expect(parseDocUrl(JSON.stringify({ url: 'http://x' }))).toBeNull();
  });

  it('the accepted extensions are the spec list, in any case; images and PDFs open in the browser', () => {
    for (const name of ['a.JPG', 'b.pdf', 'c.docx', 'd.doc', 'e.txt', 'f.rtf', 'g.odt', 'h.dotx', 'i.dot']) {
      expect(documentFileExtension(name), name).not.toBeNull();
    }
    for (const name of ['j.dotm', 'k.docm', 'l.wps', 'm.csv', 'n.dbf', 'o.dif', 'p.xls', 'q.png', 'r.webp']) {
      expect(documentFileExtension(name), name).not.toBeNull();
    }
    for (const name of ['a.exe', 'b.html', 'c.svg', 'noextension', 'd.pdf.exe', 'e.xlsx']) {
      expect(documentFileExtension(name), name).toBeNull();
    }
    expect(opensInBrowser('image/png')).toBe(true);
    expect(opensInBrowser('application/pdf')).toBe(true);
    expect(opensInBrowser('text/plain')).toBe(false);
    expect(opensInBrowser('image/svg+xml')).toBe(false);
  });
});

describe('document pages', () => {
  const pet = { id: 'p1', name: 'Bello Junior' };

  it('the hubs, their lists and add pages sit at the spec paths', () => {
    expect(documentPath(pet, 'document-safe')).toBe('/pet-details/Bello-Junior/p1/document-safe');
    expect(documentPath(pet, 'document-safe', 'dog-taxes')).toBe(
      '/pet-details/Bello-Junior/p1/document-safe/dog-taxes',
    );
    expect(documentPath(pet, 'vet-findings', 'laboratory-findings', 'add')).toBe(
      '/pet-details/Bello-Junior/p1/vet-findings/laboratory-findings/add-laboratory-finding',
    );
    expect(documentPath(pet, 'document-safe', 'certificates-of-descent', 'add')).toBe(
      '/pet-details/Bello-Junior/p1/document-safe/certificates-of-descent/add-descent-certificate',
    );
  });

  it('every document type is listed in exactly one list, and each list has its own type', () => {
    const listed = Object.values(DOCUMENT_PAGES).flatMap((lists) =>
      Object.values(lists).map((page) => page.type),
    );
    expect([...listed].sort()).toEqual([...DOCUMENT_TYPES].sort());
    expect(documentListOf('Others')).toEqual({ hub: 'document-safe', list: 'others' });
    expect(documentListOf('Other Findings')).toEqual({ hub: 'vet-findings', list: 'others' });
    expect(documentListOf('X-rays')).toEqual({ hub: 'vet-findings', list: 'xrays' });
  });
});
