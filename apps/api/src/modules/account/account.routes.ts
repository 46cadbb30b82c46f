import {
  brandConfig,
  errorBodySchema,
  modifyAccountSchema,
  myInfoSchema,
  userAddressSchema,
} from '@pet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../auth/auth.plugin.ts';
import { modifyAccount, myInfo, updateUserAddress } from './account.service.ts';

// The signed-in user's profile calls of the spec (document 1, section 7).

const tags = ['account'];
/** OpenAPI: either credential is accepted. */
const security: Array<Record<string, string[]>> = [{ cookie: [] }, { bearer: [] }];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const brand = brandConfig(app.env.BRAND);

  app.get(
    '/v1/auth/myinfo',
    {
      onRequest: requireUser,
      schema: { tags, security, summary: 'The signed-in user', response: { 200: myInfoSchema, ...errors } },
    },
    async (request) => myInfo(db, brand, request.user!.id),
  );

  // The spec shows both methods for the same change.
  const modify = {
    onRequest: requireUser,
    schema: {
      tags,
      security,
      summary: 'Change name, language or stay-signed-in',
      body: modifyAccountSchema,
      response: { 200: myInfoSchema, ...errors },
    },
  };
  app.put('/v1/auth/modify', modify, async (request) =>
    modifyAccount(db, brand, request.user!, request.authSession, request.body),
  );
  app.post('/v1/auth/modify', modify, async (request) =>
    modifyAccount(db, brand, request.user!, request.authSession, request.body),
  );

  app.put(
    '/v1/user/update',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: "Change the signed-in user's address",
        querystring: z.object({ id: z.string({ error: 'Required_Error' }).min(1, 'Required_Error').max(64) }),
        body: userAddressSchema,
        response: { 200: myInfoSchema, ...errors },
      },
    },
    async (request) =>
      updateUserAddress(db, brand, request.user!, request.query.id, {
        address1: request.body.address_1,
        address2: request.body.address_2,
        zipcode: request.body.zipcode,
        city: request.body.city,
        country: request.body.country,
        phone: request.body.phone,
      }),
  );
};
