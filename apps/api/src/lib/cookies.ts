import type { FastifyRequest } from 'fastify';

/** Whether the request carries a cookie of that name (its value unread). */
export function carriesCookie(request: FastifyRequest, name: string): boolean {
  return cookieValue(request, name) !== undefined;
}

/** The value of the request's cookie of that name, or undefined. */
export function cookieValue(request: FastifyRequest, name: string): string | undefined {
  for (const pair of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = pair.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}
