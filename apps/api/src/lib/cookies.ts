import type { FastifyRequest } from 'fastify';

/** Whether the request carries a cookie of that name (its value unread). */
export function carriesCookie(request: FastifyRequest, name: string): boolean {
  return (request.headers.cookie ?? '').split(';').some((pair) => pair.trim().startsWith(`${name}=`));
}
