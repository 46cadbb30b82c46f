import { type CreatedShareLink, createdShareLinkSchema } from '@pet/shared';
import type { LightMyRequestResponse } from 'fastify';
import { nextIp, type TestUser } from './accounts.ts';
import { call } from './pets.ts';
import type { TestApp } from './test-app.ts';

// Share links for API tests (the module's tests and the ownership matrix): a link made through the API, and
// its public page read without a session.

/** Makes a link to the pet; answers it with its secret (the last part of its page's address). */
export async function addShareLink(
  t: TestApp,
  user: Pick<TestUser, 'cookie' | 'token'>,
  petId: string,
  body: object = {},
): Promise<CreatedShareLink & { secret: string }> {
  const response = await call(t, user, 'POST', `/v1/share-link?pet_id=${petId}`, { days: 7, ...body });
  if (response.statusCode !== 201)
    throw new Error(`share link failed: ${response.statusCode} ${response.body}`);
  const link = createdShareLinkSchema.parse(response.json());
  return { ...link, secret: new URL(link.url).pathname.split('/').pop()! };
}

/** GET of a public address (`/v1/shared/...`, or an absolute URL the API answered) without a session. */
export function openShared(t: TestApp, url: string, ip = nextIp()): Promise<LightMyRequestResponse> {
  const path = url.startsWith('http') ? new URL(url).pathname : url;
  return t.app.inject({ method: 'GET', url: path, remoteAddress: ip });
}
