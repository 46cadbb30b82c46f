import { modifyAccountSchema, myInfoSchema, userAddressSchema } from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import { z } from 'zod';
import { SIGNED_IN_ERRORS as errors, TAGS } from '../../lib/route-schema.ts';
import type { SignedInRoutes } from '../auth/signed-in.ts';
import { modifyAccount, myInfo, updateUserAddress } from './account.service.ts';

// The signed-in user's profile calls of the spec (document 1, section 7).

const tags = TAGS.account;

export const accountRoutes: SignedInRoutes = async (app) => {
  const { db, brand } = app.ctx;

  app.get(
    apiPaths.myInfo,
    { schema: { tags, summary: 'The signed-in user', response: { 200: myInfoSchema, ...errors } } },
    async (request) => myInfo(db, brand, request.user.id),
  );

  // The spec shows both methods for the same change.
  const modify = {
    schema: {
      tags,
      summary: 'Change name, language or stay-signed-in',
      body: modifyAccountSchema,
      response: { 200: myInfoSchema, ...errors },
    },
  };
  app.put(apiPaths.modifyAccount, modify, async (request) =>
    modifyAccount(db, brand, request.user, request.authSession, request.body),
  );
  app.post(apiPaths.modifyAccount, modify, async (request) =>
    modifyAccount(db, brand, request.user, request.authSession, request.body),
  );

  app.put(
    apiPaths.updateUser,
    {
      schema: {
        tags,
        summary: "Change the signed-in user's address",
        querystring: z.object({ id: z.string({ error: 'Required_Error' }).min(1, 'Required_Error').max(64) }),
        body: userAddressSchema,
        response: { 200: myInfoSchema, ...errors },
      },
    },
    async (request) =>
      updateUserAddress(db, brand, request.user, request.query.id, {
        address1: request.body.address_1,
        address2: request.body.address_2,
        zipcode: request.body.zipcode,
        city: request.body.city,
        country: request.body.country,
        phone: request.body.phone,
      }),
  );
};
