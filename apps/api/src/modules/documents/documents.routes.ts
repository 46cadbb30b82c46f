import multipart from '@fastify/multipart';
import {
  createDocumentSchema,
  DOCUMENT_LIMITS,
  documentListSchema,
  documentSchema,
  updateDocumentSchema,
  uploadDocumentQuerySchema,
  uploadDocumentResponseSchema,
} from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import { z } from 'zod';
import { unsupportedMediaType } from '../../lib/errors.ts';
import {
  errorResponses,
  SIGNED_IN_ERRORS as errors,
  queryId as id,
  MULTIPART_UPLOAD,
  TAGS,
} from '../../lib/route-schema.ts';
import type { SignedInRoutes } from '../auth/signed-in.ts';
import { assertAnnouncedSize } from '../files/stored-upload.ts';
import { assertPetAccess } from '../household/pet-access.ts';
import { storeDocumentFiles } from './document-upload.ts';
import { createDocument, editDocument, listDocuments, removeDocument } from './documents.service.ts';
import { petDocumentsZip } from './documents-zip.ts';

// The spec's document calls (document 2, section 7): the upload of a document's files, then the document
// made of them; the pet's list with the limit state; the description's edit; the delete. Beyond the spec:
// the pet's documents as one streamed ZIP.

const tags = TAGS.documents;

export const documentsRoutes: SignedInRoutes = async (app) => {
  // One more file than allowed gets through the parser, so that a sixth file answers 400, not a cut list.
  await app.register(multipart, {
    limits: {
      fileSize: DOCUMENT_LIMITS.fileBytes,
      files: DOCUMENT_LIMITS.files + 1,
      fields: 10,
      fieldSize: 1024,
      parts: 20,
      headerPairs: 50,
    },
  });

  app.post(
    apiPaths.uploadDocument,
    {
      schema: {
        tags,
        summary:
          'Upload a document’s files for a pet (its owner or a co-owner; a sitter gets 403 ' +
          'FORBIDDEN_FOR_ROLE): multipart/form-data with one file field per file, at most 5 files of at most ' +
          '25 MB, of the accepted types (by content and extension); the files are the owner’s; each answered ' +
          '`data` entry is a `doc_url` entry for POST /v1/document within 24 hours',
        consumes: MULTIPART_UPLOAD,
        querystring: uploadDocumentQuerySchema,
        response: { 201: uploadDocumentResponseSchema, ...errors, ...errorResponses(413, 415) },
      },
    },
    async (request, reply) => {
      const { pet_id: petId } = request.query;
      assertAnnouncedSize(request.headers['content-length'], DOCUMENT_LIMITS.files);
      const access = await assertPetAccess(app.ctx.db, request.user.id, petId, 'write', app.ctx.clock());
      if (!request.isMultipart()) throw unsupportedMediaType();
      const data = await storeDocumentFiles(app.ctx, request.user.id, access, request.files());
      return reply.status(201).send({ data });
    },
  );

  app.get(
    apiPaths.petDocuments,
    {
      schema: {
        tags,
        summary:
          'The pet’s documents, newest first, with the owner’s document count across pets and the owner’s ' +
          'plan’s limit; `read_only` marks those beyond the owner’s newest documents_limit. A sitter gets ' +
          'only the documents visible to sitters, and `total` counts those',
        querystring: z.object({ pet_id: id }),
        response: { 200: documentListSchema, ...errors },
      },
    },
    async (request) => listDocuments(app.ctx, request.user.id, request.query.pet_id),
  );

  app.get(
    apiPaths.petDocumentsZip,
    {
      schema: {
        tags,
        summary:
          'Every file of the pet’s documents as one ZIP (a folder per document), streamed; a sitter’s holds ' +
          'only the documents visible to sitters',
        querystring: z.object({ pet_id: id }),
        response: { 200: z.any().describe('application/zip'), ...errors },
      },
    },
    async (request, reply) => {
      const zip = await petDocumentsZip(app.ctx, request.user.id, request.query.pet_id);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', zip.contentDisposition)
        .send(zip.stream);
    },
  );

  app.post(
    apiPaths.document,
    {
      schema: {
        tags,
        summary:
          'Make a document of uploaded files, as the owner or a co-owner (a sitter gets 403 ' +
          'FORBIDDEN_FOR_ROLE); stored as the owner’s (403 LIMIT_REACHED at the owner’s plan’s ' +
          'documents_limit; a `doc_url` entry that is not a fresh upload for this pet answers 400 on doc_url)',
        querystring: z.object({ pet_id: id }),
        body: createDocumentSchema,
        response: { 201: documentSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createDocument(app.ctx, request.user.id, request.query.pet_id, request.body)),
  );

  app.put(
    apiPaths.document,
    {
      schema: {
        tags,
        summary:
          'Change a document’s description and whether sitters see it, as the owner or a co-owner (a sitter ' +
          'gets 403 FORBIDDEN_FOR_ROLE; 403 LIMIT_REACHED Document_Read_Only_Text for a document beyond ' +
          'the owner’s plan’s documents_limit: only the newest documents_limit stay editable)',
        querystring: z.object({ doc_id: id }),
        body: updateDocumentSchema,
        response: { 200: documentSchema, ...errors },
      },
    },
    async (request) =>
      editDocument(
        app.ctx,
        request.user.id,
        request.query.doc_id,
        request.body.description,
        request.body.visible_to_sitters,
      ),
  );

  app.delete(
    apiPaths.document,
    {
      schema: {
        tags,
        summary:
          'Delete a document and its files, as the owner or a co-owner (a sitter gets 403 FORBIDDEN_FOR_ROLE)',
        querystring: z.object({ doc_id: id }),
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      await removeDocument(app.ctx, request.user.id, request.query.doc_id);
      return reply.status(204).send(null);
    },
  );
};
