import { deleteAccountQuerySchema, deleteAccountResponseSchema } from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import { SIGNED_IN_ERRORS as errors, TAGS } from '../../lib/route-schema.ts';
import type { SignedInRoutes } from '../auth/signed-in.ts';
import { requestAccountDeletion } from './deletion.service.ts';

// The spec's account deletion (document 2, section 2): only one's own account.

export const accountDeletionRoutes: SignedInRoutes = async (app) => {
  app.delete(
    apiPaths.deleteAccount,
    {
      schema: {
        tags: TAGS.account,
        summary: 'Delete the signed-in account (at the next sign-out, or within 24 hours)',
        querystring: deleteAccountQuerySchema,
        response: { 200: deleteAccountResponseSchema, ...errors },
      },
    },
    async (request) => requestAccountDeletion(app.ctx, request.user.id, request.query.user_id),
  );
};
