import {
  contactListSchema,
  contactSchema,
  createContactSchema,
  createdContactSchema,
  updateContactSchema,
} from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import { z } from 'zod';
import { SIGNED_IN_ERRORS as errors, queryId as id, TAGS } from '../../lib/route-schema.ts';
import type { SignedInRoutes } from '../auth/signed-in.ts';
import { createContact, editContact, listContacts, removeContact } from './contacts.service.ts';

// The spec's contact calls (document 2, section 7), and the delete the contacts page needs.

const tags = TAGS.contacts;

export const contactsRoutes: SignedInRoutes = async (app) => {
  app.get(
    apiPaths.petContacts,
    {
      schema: {
        tags,
        summary: 'The pet’s contacts: predefined types in their order, then custom types, each by name',
        querystring: z.object({ pet_id: id }),
        response: { 200: contactListSchema, ...errors },
      },
    },
    async (request) => listContacts(app.ctx, request.user.id, request.query.pet_id),
  );

  app.post(
    apiPaths.contact,
    {
      schema: {
        tags,
        summary:
          'Add a contact to a pet, and a copy to each of `also_for_pet_ids` (the owner’s other pets; the pet ' +
          'itself there is 400, any other pet 404, and nothing is saved)',
        querystring: z.object({ pet_id: id }),
        body: createContactSchema,
        response: { 201: createdContactSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createContact(app.ctx, request.user.id, request.query.pet_id, request.body)),
  );

  app.put(
    apiPaths.contact,
    {
      schema: {
        tags,
        summary: 'Edit a contact (its copies for other pets stay as they are)',
        querystring: z.object({ contact_id: id }),
        body: updateContactSchema,
        response: { 200: contactSchema, ...errors },
      },
    },
    async (request) => editContact(app.ctx, request.user.id, request.query.contact_id, request.body),
  );

  app.delete(
    apiPaths.contact,
    {
      schema: {
        tags,
        summary: 'Delete a contact (its copies for other pets stay)',
        querystring: z.object({ contact_id: id }),
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      await removeContact(app.ctx, request.user.id, request.query.contact_id);
      return reply.status(204).send(null);
    },
  );
};
