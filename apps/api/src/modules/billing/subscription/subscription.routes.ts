import {
  cancelAtResponseSchema,
  cancelResponseSchema,
  downgradeRequestSchema,
  downgradeResponseSchema,
} from '@pet/shared';
import { apiPaths } from '@pet/shared/paths';
import { errorResponses, SIGNED_IN_ERRORS, TAGS } from '../../../lib/route-schema.ts';
import type { SignedInRoutes } from '../../auth/signed-in.ts';
import { cancel, cancelStatus, downgrade, revoke, withdrawDowngrade } from './subscription.service.ts';

// Cancel, revoke, downgrade and its withdrawal (document 2 section 7; ADR 0011): always the signed-in user's
// own subscription, so no route takes an id. 502: the payment provider refused the change (nothing changed).

const tags = TAGS.subscription;
const CHANGE_ERRORS = { ...SIGNED_IN_ERRORS, ...errorResponses(409, 502) };

export const subscriptionRoutes: SignedInRoutes = async (app) => {
  app.get(
    apiPaths.cancelAt,
    {
      schema: {
        tags,
        summary: 'Whether the paid subscription renews (active), ends at its term (cancel), or none exists',
        response: { 200: cancelAtResponseSchema, ...SIGNED_IN_ERRORS },
      },
    },
    async (request) => cancelStatus(app.ctx, request.user.id),
  );

  app.post(
    apiPaths.cancel,
    {
      schema: {
        tags,
        summary: 'End the paid subscription at its term’s end (withdraws a pending downgrade); idempotent',
        response: { 200: cancelResponseSchema, ...CHANGE_ERRORS },
      },
    },
    async (request) => cancel(app.ctx, request.user.id),
  );

  app.post(
    apiPaths.cancelRevoke,
    {
      schema: {
        tags,
        summary: 'Revoke the termination while the term runs; idempotent',
        response: { 200: cancelAtResponseSchema, ...CHANGE_ERRORS },
      },
    },
    async (request) => revoke(app.ctx, request.user.id),
  );

  app.post(
    apiPaths.downgrade,
    {
      schema: {
        tags,
        summary: 'Schedule a plan of the downgrade list from the term’s end; idempotent',
        body: downgradeRequestSchema,
        response: { 200: downgradeResponseSchema, ...CHANGE_ERRORS },
      },
    },
    async (request) => downgrade(app.ctx, request.user.id, request.body.price_id),
  );

  app.post(
    apiPaths.cancelDowngrade,
    {
      schema: {
        tags,
        summary: 'Withdraw the pending downgrade: the current plan renews; idempotent',
        response: { 200: downgradeResponseSchema, ...CHANGE_ERRORS },
      },
    },
    async (request) => withdrawDowngrade(app.ctx, request.user.id),
  );
};
