import multipart from '@fastify/multipart';
import { MAX_UPLOAD_BYTES, uploadImageQuerySchema, uploadImageResponseSchema } from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import { z } from 'zod';
import { badRequest, unsupportedMediaType } from '../../lib/errors.ts';
import {
  errorResponses,
  SIGNED_IN_ERRORS as errors,
  MULTIPART_UPLOAD,
  TAGS,
} from '../../lib/route-schema.ts';
import type { SignedInRoutes } from '../auth/signed-in.ts';
import { checkUploadTarget, openFileFor, storePicture, type UploadTarget } from './files.service.ts';
import { sendServedFile } from './served-file-headers.ts';
import { assertAnnouncedSize } from './stored-upload.ts';

// POST /v1/upload/image (document 1, section 7) and GET /v1/files/:id, where every image_url points.

const tags = TAGS.files;

export const filesRoutes: SignedInRoutes = async (app) => {
  // Streamed: the file is read part by part straight into storage, never held in memory.
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 50 },
  });

  app.post(
    apiPaths.uploadImage,
    {
      schema: {
        tags,
        summary:
          'Upload the pet’s (file_for=pet&pet_id=: its owner or a co-owner, a sitter gets 403 ' +
          'FORBIDDEN_FOR_ROLE; stored as the owner’s) or the user’s (file_for=user) picture: ' +
          'multipart/form-data with one file, at most 25 MB, JPEG, PNG, WebP or GIF by content',
        consumes: MULTIPART_UPLOAD,
        querystring: uploadImageQuerySchema,
        response: {
          201: uploadImageResponseSchema,
          ...errors,
          ...errorResponses(413, 415),
        },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const target: UploadTarget =
        query.file_for === 'pet' ? { for: 'pet', petId: query.pet_id ?? '' } : { for: 'user' };
      assertAnnouncedSize(request.headers['content-length']);
      const ownerId = await checkUploadTarget(app.ctx, request.user.id, target);
      if (!request.isMultipart()) throw unsupportedMediaType();
      const part = await request.file();
      if (!part) throw badRequest({ file: 'Required_Error' });
      try {
        const answer = await storePicture(app.ctx, request.user.id, target, ownerId, part);
        return reply.status(201).send(answer);
      } catch (error) {
        // Read (and drop) the rest of the upload, so the answer is not stuck behind an unread body.
        part.file.resume();
        throw error;
      }
    },
  );

  app.get(
    `${apiPaths.files}/:id`,
    {
      schema: {
        tags,
        summary:
          'A stored file, to whom may see it (anyone else gets 404): a user’s picture to that user; a pet’s ' +
          'picture and its documents’ files to its household, a sitter only those of documents visible to ' +
          'sitters; inline for images and PDF, else a download; sandboxed by its CSP',
        params: z.object({ id: z.string().max(64) }),
        response: { 200: z.any().describe('The file’s bytes with its content type'), ...errors },
      },
    },
    async (request, reply) => {
      const file = await openFileFor(app.ctx, request.user.id, request.params.id);
      // Cache-Control: no-store, like every signed-in answer (plugins/no-store.ts). A document's file keeps
      // the name it was uploaded with; pictures have none.
      return sendServedFile(reply, file);
    },
  );
};
