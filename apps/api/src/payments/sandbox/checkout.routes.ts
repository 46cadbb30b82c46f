import { apiPaths } from '@pet/shared/paths';
import { cardErrorCode, ibanErrorCode } from '@pet/shared/payment-instruments';
import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { users } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { notFound } from '../../lib/errors.ts';
import { errorResponses } from '../../lib/route-schema.ts';
import { LIMITS } from '../../plugins/rate-limit.ts';
import { checkoutPage, type PageError, type PageLanguage } from './checkout-page.ts';
import { SETUP_COMPLETED } from './sandbox-events.ts';
import type { SandboxProvider } from './sandbox-provider.ts';
import { SAVED_TEST_METHODS, savedCardMethod, savedIbanMethod } from './saved-methods.ts';
import { closeSetupSession, findSetupSession, type SetupSession } from './setup-sessions.ts';
import { cardOutcome } from './test-instruments.ts';

// The sandbox's setup checkout page and its form (public: the session id in the address authorises, as
// Stripe Checkout's does). A saved method is delivered as a signed checkout.session.completed event
// through the webhook route, then the browser goes to the session's success_url; cancel goes to cancel_url.

const tags = ['payments'];
const params = z.object({ id: z.string().trim().min(1).max(64) });
const html = z.any().describe('The HTML page');
const formBody = z.object({
  action: z.enum(['card', 'sepa', 'cancel']),
  number: z.string().max(40).default(''),
  exp_month: z.string().max(4).default(''),
  exp_year: z.string().max(6).default(''),
  cvc: z.string().max(8).default(''),
  iban: z.string().max(64).default(''),
});
type FormBody = z.output<typeof formBody>;

/** The test method the form saves, or what is wrong with it (the shared checks first, as the web's fields). */
function chosenMethod(body: FormBody, now: Date): { methodRef: string } | PageError {
  if (body.action === 'sepa') {
    const problem = ibanErrorCode(body.iban);
    if (problem) return problem as PageError;
    const methodRef = savedIbanMethod(body.iban);
    return methodRef ? { methodRef } : 'not_a_test_method';
  }
  const card = {
    number: body.number,
    exp_month: Number(body.exp_month) || 0,
    exp_year: Number(body.exp_year) || 0,
    cvc: body.cvc.trim(),
  };
  const problem = cardErrorCode(card, now);
  if (problem) return problem as PageError;
  const methodRef = savedCardMethod(card.number);
  // The 3-D Secure cards need a challenge this page does not simulate: saved only through a checkout payment.
  if (methodRef && !SAVED_TEST_METHODS[methodRef]?.needsAuthentication) return { methodRef };
  return cardOutcome(card, now).kind === 'declined' ? 'declined' : 'not_a_test_method';
}

export const sandboxCheckoutRoutes: FastifyPluginAsyncZod<{ sandbox: SandboxProvider }> = async (
  app,
  options,
) => {
  const { db, brand, clock, publicUrl } = app.ctx;
  // The return pages are on the portal's origin (the route that made the session checked them).
  const formAction = `form-action 'self' ${new URL(publicUrl).origin}`;

  // Scoped to this plugin: a plain HTML form's body.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4_096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  async function render(reply: FastifyReply, session: SetupSession, status: number, error?: PageError) {
    const [user] = await db
      .select({ language: users.language })
      .from(users)
      .where(eq(users.id, session.metadata.user_id));
    const language: PageLanguage = user?.language === 'de' ? 'de' : 'en';
    const csp = String(reply.getHeader('content-security-policy') ?? '');
    if (csp) reply.header('content-security-policy', csp.replace(/form-action 'self'/, formAction));
    return reply
      .status(status)
      .type('text/html; charset=utf-8')
      .send(
        checkoutPage({
          sessionId: session.id,
          language,
          brandName: brand.displayName,
          brandColour: brand.color,
          open: session.status === 'requires_payment_method',
          error,
        }),
      );
  }

  app.get(
    `${apiPaths.sandboxCheckout}/:id`,
    {
      schema: {
        tags,
        summary: 'Sandbox provider: the setup checkout page (HTML) for a new card or IBAN',
        params,
        response: { 200: html, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const session = await findSetupSession(db, request.params.id);
      if (!session) throw notFound();
      return render(reply, session, 200);
    },
  );

  app.post(
    `${apiPaths.sandboxCheckout}/:id`,
    {
      config: { rateLimit: LIMITS.sandboxPayment },
      schema: {
        tags,
        summary: "Sandbox provider: the setup checkout page's form (saves a test method, or cancels)",
        params,
        body: formBody,
        response: { 303: z.null(), 400: html, 409: html, ...errorResponses(404, 429) },
      },
    },
    async (request, reply) => {
      const session = await findSetupSession(db, request.params.id);
      if (!session) throw notFound();
      const choice = request.body.action === 'cancel' ? 'canceled' : chosenMethod(request.body, clock());
      if (typeof choice === 'string' && choice !== 'canceled') return render(reply, session, 400, choice);
      const closed = await inTransaction(db, async (tx) => {
        const locked = await findSetupSession(tx, session.id, { lock: true });
        if (!locked || !(await closeSetupSession(tx, locked, choice))) return false;
        if (choice !== 'canceled') await options.sandbox.emit(tx, session.id, SETUP_COMPLETED);
        return true;
      });
      if (!closed) return render(reply, session, 409);
      const target = choice === 'canceled' ? session.metadata.cancel_url : session.metadata.success_url;
      return reply.status(303).header('location', target).send(null);
    },
  );
};
