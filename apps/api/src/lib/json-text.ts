import type { FastifyReply } from 'fastify';

/** The content type Fastify gives an answer it serialized. */
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Sends an answer already serialized to JSON text, as Fastify would have sent the value (a string with a JSON
 * type goes out as it is, not serialized again). For an answer kept as text (modules/pets/pet-list-read.ts);
 * the route's typed reply accepts only the schema's value, hence the plain reply here.
 */
export function sendJsonText(reply: FastifyReply, body: string): FastifyReply {
  return reply.type(JSON_TYPE).send(body);
}
