import {
  EMERGENCY_FILE_NAMES,
  type EmergencyLanguage,
  emergencyDownloadQuerySchema,
  emergencyInfoSchema,
  emergencyPasswordResponseSchema,
  emergencyTagQuerySchema,
  publicEmergencyQuerySchema,
} from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createBackgroundTasks } from '../../lib/background.ts';
import { errorResponses, pdfResponse, SIGNED_IN_ERRORS, TAGS } from '../../lib/route-schema.ts';
import { LIMITS } from '../../plugins/rate-limit.ts';
import type { SignedInRoutes } from '../auth/signed-in.ts';
import { coarseClient } from './coarse-client.ts';
import {
  createPersonalPassword,
  emergencyInfo,
  emergencyTag,
  ownEmergencyFile,
  publicEmergencyFile,
} from './emergency.service.ts';

// The emergency file (issue 12): the owner's download, password and tag on /emergency-data (signed in), and
// the finder's download on /notfall by the owner's emergency password (public, rate-limited per address).

const tags = TAGS.emergency;
const pdf = pdfResponse('a download');

/** The printable tag's file names. */
const TAG_FILE_NAMES: Record<EmergencyLanguage, string> = {
  en: 'Emergency_Tag.pdf',
  de: 'Notfallanhaenger.pdf',
};

/** A PDF to save; never cached, public or not (it holds the owner's address and the pets' medical data). */
function sendPdf(reply: FastifyReply, body: Buffer, fileName: string) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(body);
}

export const emergencyRoutes: SignedInRoutes = async (app) => {
  app.get(
    apiPaths.emergency,
    {
      schema: {
        tags,
        summary:
          'The owner’s emergency file (PDF); with pet_id that pet’s alone, also for the members of its ' +
          'household; 403 when the (owner’s) plan has no emergency file',
        querystring: emergencyDownloadQuerySchema,
        response: { 200: pdf, ...SIGNED_IN_ERRORS },
      },
    },
    async (request, reply) => {
      const { language, pet_id } = request.query;
      const body = await ownEmergencyFile(app.ctx, request.user.id, language, pet_id);
      return sendPdf(reply, body, EMERGENCY_FILE_NAMES[language]);
    },
  );

  app.get(
    apiPaths.emergencyInfo,
    {
      schema: {
        tags,
        summary:
          'What /emergency-data shows: whether the plan allows the file, the password, recent downloads',
        response: { 200: emergencyInfoSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => emergencyInfo(app.ctx, request.user.id),
  );

  app.post(
    apiPaths.emergencyPassword,
    {
      schema: {
        tags,
        summary:
          'Make or replace the personal emergency password (the old one ends at once); 403 without the ' +
          'emergency file, 409 when a redeemed activation code is the password',
        response: { 200: emergencyPasswordResponseSchema, ...errorResponses(401, 403, 409) },
      },
    },
    async (request) => ({ password: await createPersonalPassword(app.ctx, request.user.id) }),
  );

  app.get(
    apiPaths.emergencyTag,
    {
      schema: {
        tags,
        summary:
          'The printable QR tag of one of the owner’s pets (PDF); 404 for another’s pet, or ' +
          'Emergency_Password_Required_Text while the owner has no emergency password',
        querystring: emergencyTagQuerySchema,
        response: { 200: pdf, ...SIGNED_IN_ERRORS },
      },
    },
    async (request, reply) => {
      const { pet_id: petId, language } = request.query;
      const body = await emergencyTag(app.ctx, request.user.id, petId, language);
      return sendPdf(reply, body, TAG_FILE_NAMES[language]);
    },
  );
};

export const emergencyPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const tasks = createBackgroundTasks((error, task) => {
    // The SMTP error may quote the owner's address: its class and code only.
    const { name, code } = error as { name?: unknown; code?: unknown };
    app.log.error({ task, error: { name, code } }, 'background task failed');
  });
  app.addHook('onClose', async () => tasks.drain());
  const deps = { ...app.ctx, tasks };

  app.get(
    apiPaths.emergencyPublic,
    {
      // No HEAD twin: a link checker's HEAD would otherwise count as a download and mail the owner.
      exposeHeadRoute: false,
      config: { rateLimit: LIMITS.publicEmergency },
      schema: {
        tags,
        summary:
          'A finder’s download of the emergency file by the owner’s emergency password (no session): 404 ' +
          'Emergency_Password_Invalid_Text for any password that opens nothing, 403 ' +
          'Emergency_Not_Supported_Text when the owner’s plan lacks the file, 429 beyond 10 per 10 minutes',
        querystring: publicEmergencyQuerySchema,
        response: { 200: pdf, ...errorResponses(400, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const { activation_code: password, language } = request.query;
      const client = coarseClient(request.headers['user-agent']);
      const body = await publicEmergencyFile(deps, password, language, client);
      return sendPdf(reply, body, EMERGENCY_FILE_NAMES[language]);
    },
  );
};
